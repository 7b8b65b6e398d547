"""Wine-quality style tabular classifier with a tiny Trainer."""
import argparse
import os

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


def make_data(n=600, n_features=11, n_classes=3, seed=0):
    g = torch.Generator().manual_seed(seed)
    X = torch.randn(n, n_features, generator=g)
    W = torch.randn(n_features, n_classes, generator=g)
    y = (X @ W + 0.5 * torch.randn(n, n_classes, generator=g)).argmax(1)
    return TensorDataset(X[:480], y[:480]), TensorDataset(X[480:], y[480:])


class Trainer:
    def __init__(self, model, loss_fn, optimizer, out_dir="runs"):
        self.model = model
        self.loss_fn = loss_fn
        self.optimizer = optimizer
        self.out_dir = out_dir
        self.global_step = 0

    def training_step(self, batch):
        logits = self.model(*batch)
        loss = self.loss_fn(logits, batch[1])
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        self.global_step += 1
        return loss.item()

    @torch.no_grad()
    def evaluate(self, loader):
        self.model.eval()
        hits = total = 0
        for x, y in loader:
            hits += (self.model(x).argmax(-1) == y).sum().item()
            total += len(y)
        self.model.train()
        return hits / total

    def fit(self, train_loader, val_loader, epochs):
        os.makedirs(self.out_dir, exist_ok=True)
        self.model.train()
        for epoch in range(epochs):
            losses = [self.training_step(batch) for batch in train_loader]
            acc = self.evaluate(val_loader)
            print(f"epoch {epoch} step {self.global_step} loss {sum(losses) / len(losses):.4f} val_acc {acc:.3f}")
            torch.save(self.model.state_dict(), os.path.join(self.out_dir, f"epoch{epoch}.pt"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=5)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--lr", type=float, default=1e-2)
    args = ap.parse_args()

    torch.manual_seed(0)
    train_ds, val_ds = make_data()
    model = nn.Sequential(
        nn.Linear(11, 64), nn.ReLU(), nn.BatchNorm1d(64),
        nn.Linear(64, 32), nn.ReLU(),
        nn.Linear(32, 3),
    )
    trainer = Trainer(model, nn.CrossEntropyLoss(), torch.optim.Adam(model.parameters(), lr=args.lr))
    trainer.fit(
        DataLoader(train_ds, batch_size=args.batch_size, shuffle=True),
        DataLoader(val_ds, batch_size=args.batch_size),
        args.epochs,
    )


if __name__ == "__main__":
    main()
