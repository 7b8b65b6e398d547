import argparse
import json
import os
import time

import torch
import torch.nn as nn
import yaml
from torch.utils.data import DataLoader

from vision import SyntheticShapes, build_model


def parse_args():
    p = argparse.ArgumentParser(description="Train a small CNN on synthetic shapes")
    p.add_argument("--config", default="config.yaml")
    p.add_argument("--epochs", type=int, default=None)
    return p.parse_args()


def evaluate(model, loader, criterion):
    model.eval()
    total, correct, loss_sum = 0, 0, 0.0
    with torch.no_grad():
        for x, y in loader:
            logits = model(x)
            loss_sum += criterion(logits, y).item() * len(y)
            correct += (logits.argmax(1) == y).sum().item()
            total += len(y)
    return loss_sum / total, correct / total


def main():
    args = parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)
    torch.manual_seed(cfg["seed"])
    d, t = cfg["data"], cfg["train"]
    epochs = args.epochs or t["epochs"]

    train_ds = SyntheticShapes(d["n_train"], d["image_size"], d["in_channels"], d["noise"], seed=cfg["seed"])
    val_ds = SyntheticShapes(d["n_val"], d["image_size"], d["in_channels"], d["noise"], seed=cfg["seed"] + 1)
    train_dl = DataLoader(train_ds, batch_size=t["batch_size"], shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=t["batch_size"] * 2)

    model = build_model(cfg)
    print(f"{cfg['model']['name']}: {sum(p.numel() for p in model.parameters()):,} params")
    opt = torch.optim.AdamW(model.parameters(), lr=t["lr"], weight_decay=t["weight_decay"])
    criterion = nn.CrossEntropyLoss()

    os.makedirs(t["out_dir"], exist_ok=True)
    history = []
    for epoch in range(1, epochs + 1):
        model.train()
        t0 = time.time()
        for step, (x, y) in enumerate(train_dl):
            opt.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            opt.step()
            if step % 10 == 0:
                print(f"epoch {epoch} step {step:3d} loss {loss.item():.4f}")
        val_loss, val_acc = evaluate(model, val_dl, criterion)
        history.append({"epoch": epoch, "val_loss": val_loss, "val_acc": val_acc, "time": time.time() - t0})
        print(f"epoch {epoch}: val_loss={val_loss:.4f} val_acc={val_acc:.3f}")

    torch.save(model.state_dict(), os.path.join(t["out_dir"], "model.pt"))
    with open(os.path.join(t["out_dir"], "history.json"), "w") as f:
        json.dump(history, f, indent=2)


if __name__ == "__main__":
    main()
