import argparse
import os

import torch
from torch.utils.data import DataLoader, random_split

from mtl.data import DEFECTS, WaferMaps
from mtl.losses import MultiTaskLoss
from mtl.model import InspectionNet

CFG = {
    "loss": {"weights": {"defect": 1.0, "thickness": 0.5}, "focal_gamma": 2.0, "class_alpha": [0.25, 1.0, 1.0, 1.0]},
    "optim": {"lr": 2e-3, "weight_decay": 1e-4},
    "batch_size": 32,
}


def run_epoch(model, loader, criterion, optimizer=None):
    training = optimizer is not None
    model.train(training)
    totals = {"loss": 0.0, "acc": 0.0}
    with torch.set_grad_enabled(training):
        for batch in loader:
            out = model(batch["image"])
            loss, parts = criterion(out, batch)
            if training:
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
            totals["loss"] += loss.item() * len(batch["defect"])
            totals["acc"] += (out["defect"].argmax(1) == batch["defect"]).sum().item()
    n = len(loader.dataset)
    return {k: v / n for k, v in totals.items()}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=6)
    ap.add_argument("--save", default="inspection.pt")
    args = ap.parse_args()
    torch.manual_seed(0)
    train_ds, val_ds = random_split(WaferMaps(), [200, 56])
    train_dl = DataLoader(train_ds, batch_size=CFG["batch_size"], shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=CFG["batch_size"])

    model = InspectionNet(len(DEFECTS))
    criterion = MultiTaskLoss(**CFG["loss"])
    optimizer = torch.optim.AdamW(model.parameters(), **CFG["optim"])
    for epoch in range(args.epochs):
        tr = run_epoch(model, train_dl, criterion, optimizer)
        va = run_epoch(model, val_dl, criterion)
        print(f"epoch {epoch}: train {tr} val {va}")
    torch.save(model.state_dict(), os.path.join(os.getcwd(), args.save))


if __name__ == "__main__":
    main()
