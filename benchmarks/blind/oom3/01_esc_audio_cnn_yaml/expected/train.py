import argparse
import time

import numpy as np
import torch
import torch.nn as nn
import yaml
from torch.utils.data import DataLoader, TensorDataset

from model import AudioCNN


def make_split(n, n_mels, frames, n_classes, rng):
    y = rng.integers(0, n_classes, size=n)
    x = rng.standard_normal((n, 1, n_mels, frames)).astype(np.float32)
    # give each class a slightly different spectral envelope
    x += (y[:, None, None, None] % 8).astype(np.float32) * 0.05
    return TensorDataset(torch.from_numpy(x), torch.from_numpy(y).long())


def evaluate(model, loader):
    model.eval()
    correct, total = 0, 0
    with torch.no_grad():
        for x, y in loader:
            pred = model(x).argmax(1)
            correct += (pred == y).sum().item()
            total += y.numel()
    model.train()
    return correct / max(total, 1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", required=True)
    args = ap.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)
    dcfg, mcfg, tcfg = cfg["data"], cfg["model"], cfg["train"]

    torch.manual_seed(tcfg["seed"])
    rng = np.random.default_rng(tcfg["seed"])
    train_ds = make_split(dcfg["n_train"], dcfg["n_mels"], dcfg["frames"], dcfg["n_classes"], rng)
    val_ds = make_split(dcfg["n_val"], dcfg["n_mels"], dcfg["frames"], dcfg["n_classes"], rng)
    train_loader = DataLoader(train_ds, batch_size=tcfg["batch_size"], shuffle=True,
                              num_workers=dcfg["num_workers"], drop_last=False)
    val_loader = DataLoader(val_ds, batch_size=32, shuffle=False)

    model = AudioCNN(dcfg["n_classes"], mcfg["channels"], mcfg["dropout"])
    optimizer = torch.optim.AdamW(model.parameters(), lr=tcfg["lr"], weight_decay=tcfg["weight_decay"])
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=tcfg["lr_step"], gamma=tcfg["lr_gamma"])
    criterion = nn.CrossEntropyLoss()

    for epoch in range(tcfg["epochs"]):
        t0 = time.time()
        running = 0.0
        accum = tcfg.get("accum_steps", 1)
        optimizer.zero_grad()
        for step, (x, y) in enumerate(train_loader):
            logits = model(x)
            loss = criterion(logits, y)
            (loss / accum).backward()
            if (step + 1) % accum == 0 or (step + 1) == len(train_loader):
                optimizer.step()
                optimizer.zero_grad()
            running += loss.item()
            if (step + 1) % tcfg["log_every"] == 0:
                print(f"epoch {epoch} step {step + 1}/{len(train_loader)} loss {running / (step + 1):.4f}")
        scheduler.step()
        acc = evaluate(model, val_loader)
        print(f"epoch {epoch} done in {time.time() - t0:.1f}s  val_acc {acc:.3f}  lr {scheduler.get_last_lr()[0]:.2e}")


if __name__ == "__main__":
    main()
