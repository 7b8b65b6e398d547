import argparse
import json

import torch
from torch import nn
from torch.utils.data import DataLoader

from data import CustomerTable, write_synthetic_csv
from models import build_model


class Trainer:
    def __init__(self, model, optimizer, criterion, log_every=10):
        self.model = model
        self.optimizer = optimizer
        self.criterion = criterion
        self.log_every = log_every

    def fit_epoch(self, loader, epoch):
        self.model.train()
        total = 0.0
        for step, (x, y) in enumerate(loader):
            self.optimizer.zero_grad()
            loss = self.criterion(self.model(x), y)
            loss.backward()
            self.optimizer.step()
            total += loss.item()
            if step % self.log_every == 0:
                print(f"epoch {epoch} step {step} loss {loss.item():.4f}")
        return total / len(loader)

    @torch.no_grad()
    def evaluate(self, loader):
        self.model.eval()
        correct = n = 0
        for x, y in loader:
            correct += (self.model(x).argmax(1) == y).sum().item()
            n += len(y)
        return correct / n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="config.json")
    ap.add_argument("--epochs", type=int, default=None)
    args = ap.parse_args()
    with open(args.config) as f:
        cfg = json.load(f)
    if args.epochs is not None:
        cfg["trainer"]["epochs"] = args.epochs

    torch.manual_seed(cfg["seed"])
    path = write_synthetic_csv(cfg["data"]["n_rows"], cfg["seed"])
    n = cfg["data"]["n_rows"]
    n_val = int(n * cfg["data"]["val_fraction"])
    perm = torch.randperm(n).tolist()
    train_ds = CustomerTable(path, perm[n_val:])
    val_ds = CustomerTable(path, perm[:n_val])
    bs = cfg["data"]["batch_size"]
    train_dl = DataLoader(train_ds, batch_size=bs, shuffle=True, drop_last=True)
    val_dl = DataLoader(val_ds, batch_size=bs)

    model = build_model(cfg["model"])
    opt = torch.optim.AdamW(model.parameters(), **cfg["optim"])
    trainer = Trainer(model, opt, nn.CrossEntropyLoss(), cfg["trainer"]["log_every"])
    for epoch in range(cfg["trainer"]["epochs"]):
        loss = trainer.fit_epoch(train_dl, epoch)
        acc = trainer.evaluate(val_dl)
        print(f"epoch {epoch}: train_loss={loss:.4f} val_acc={acc:.3f}")
    torch.save(model.state_dict(), "churn_mlp.pt")


if __name__ == "__main__":
    main()
