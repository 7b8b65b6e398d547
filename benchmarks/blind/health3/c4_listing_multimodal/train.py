import argparse
import json
import os

import torch
import torch.nn.functional as F

from mm.data import make_datasets
from mm.model import ListingClassifier
from mm.utils import AverageMeter, seed_everything


def load_config():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default=os.path.join("configs", "default.json"))
    ap.add_argument("--epochs", type=int)
    ap.add_argument("--lr", type=float)
    args = ap.parse_args()
    with open(args.config) as f:
        cfg = json.load(f)
    for k in ("epochs", "lr"):
        if getattr(args, k) is not None:
            cfg[k] = getattr(args, k)
    return cfg


def main():
    cfg = load_config()
    seed_everything(cfg["seed"])
    train_ds, val_ds = make_datasets(cfg)
    train_dl = torch.utils.data.DataLoader(train_ds, batch_size=cfg["batch_size"], shuffle=True)
    val_dl = torch.utils.data.DataLoader(val_ds, batch_size=256)

    model = ListingClassifier(cfg)
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg["lr"])

    for epoch in range(cfg["epochs"]):
        model.train()
        meter = AverageMeter()
        for img, meta, y in train_dl:
            logits = model(img, meta)
            loss = F.cross_entropy(logits, y)
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            optimizer.step()
            meter.update(loss.item(), y.size(0))

        model.eval()
        correct = 0
        with torch.no_grad():
            for img, meta, y in val_dl:
                correct += (model(img, meta).argmax(-1) == y).sum().item()
        print(f"[epoch {epoch + 1}] loss={meter.avg:.4f} val_acc={correct / len(val_ds):.3f}")


if __name__ == "__main__":
    main()
