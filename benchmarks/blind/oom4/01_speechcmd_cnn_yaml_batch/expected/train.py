import argparse
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import yaml
from torch.utils.data import DataLoader, TensorDataset


class KWSNet(nn.Module):
    def __init__(self, n_classes):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(),
            nn.MaxPool2d(2),
            nn.Conv2d(16, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(),
            nn.MaxPool2d(2),
            nn.Conv2d(16, 32, 3, padding=1), nn.BatchNorm2d(32), nn.ReLU(),
            nn.AdaptiveAvgPool2d(1),
        )
        self.fc = nn.Linear(32, n_classes)

    def forward(self, x):
        return self.fc(self.features(x).flatten(1))


def make_split(n, cfg, seed):
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, cfg["n_classes"], (n,), generator=g)
    x = torch.randn(n, 1, cfg["n_mels"], cfg["n_frames"], generator=g)
    x[:, :, :8] += y.view(-1, 1, 1, 1).float() / cfg["n_classes"]
    return TensorDataset(x, y)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/base.yaml")
    args = ap.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)
    dcfg, tcfg = cfg["data"], cfg["train"]
    torch.manual_seed(tcfg["seed"])
    np.random.seed(tcfg["seed"])

    train_ds = make_split(dcfg["n_train"], dcfg, 1)
    val_ds = make_split(dcfg["n_val"], dcfg, 2)
    train_dl = DataLoader(train_ds, batch_size=tcfg["batch_size"], shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=64)

    model = KWSNet(dcfg["n_classes"])
    opt = torch.optim.AdamW(model.parameters(), lr=tcfg["lr"], weight_decay=tcfg["weight_decay"])
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=tcfg["step_size"], gamma=tcfg["gamma"])

    for epoch in range(tcfg["epochs"]):
        model.train()
        t0 = time.time()
        tot, n = 0.0, 0
        accum = tcfg.get("accum_steps", 1)
        opt.zero_grad()
        for i, (x, y) in enumerate(train_dl):
            logits = model(x)
            loss = F.cross_entropy(logits, y)
            (loss / accum).backward()
            if (i + 1) % accum == 0 or (i + 1) == len(train_dl):
                nn.utils.clip_grad_norm_(model.parameters(), tcfg["clip"])
                opt.step()
                sched.step()
                opt.zero_grad()
            tot += loss.item() * x.size(0)
            n += x.size(0)

        model.eval()
        correct = 0
        with torch.no_grad():
            for x, y in val_dl:
                correct += (model(x).argmax(1) == y).sum().item()
        print(f"epoch {epoch} train_loss {tot / n:.4f} val_acc {correct / len(val_ds):.3f} "
              f"lr {sched.get_last_lr()[0]:.2e} ({time.time() - t0:.1f}s)")


if __name__ == "__main__":
    main()
