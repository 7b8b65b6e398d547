import argparse
import json
import os

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from fraud.data import make_transactions
from fraud.metrics import BinaryMetricTracker
from fraud.model import FraudNet

ROOT = os.path.dirname(os.path.abspath(__file__))


def run_epoch(model, loader, criterion, tracker, optimizer=None):
    tracker.reset()
    model.train(optimizer is not None)
    for x, y in loader:
        with torch.set_grad_enabled(optimizer is not None):
            logits = model(x)
            loss = criterion(logits, y)
        if optimizer is not None:
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        tracker.update(logits, y, loss.item())
    return tracker.compute()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--batch-size", type=int, default=128)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--log", default=os.path.join(ROOT, "metrics.jsonl"))
    args = ap.parse_args()

    torch.manual_seed(11)
    train_ds, val_ds, prior = make_transactions()
    train_dl = DataLoader(train_ds, batch_size=args.batch_size, shuffle=True, drop_last=True)
    val_dl = DataLoader(val_ds, batch_size=args.batch_size)

    model = FraudNet(train_ds.tensors[0].shape[1])
    pos_weight = torch.tensor((1 - prior) / prior)
    criterion = nn.BCEWithLogitsLoss(pos_weight=pos_weight)
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)

    with open(args.log, "w") as log:
        for epoch in range(args.epochs):
            train_m = run_epoch(model, train_dl, criterion, BinaryMetricTracker(), optimizer)
            val_m = run_epoch(model, val_dl, criterion, BinaryMetricTracker())
            row = {"epoch": epoch, **{f"train_{k}": v for k, v in train_m.items()},
                   **{f"val_{k}": v for k, v in val_m.items()}}
            log.write(json.dumps(row) + "\n")
            print(f"epoch {epoch}: train auc {train_m['auc']:.3f} | val auc {val_m['auc']:.3f} "
                  f"p {val_m['precision']:.2f} r {val_m['recall']:.2f}")


if __name__ == "__main__":
    main()
