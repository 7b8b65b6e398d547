import argparse
import os

import torch
from torch import nn
from torch.utils.data import DataLoader

from classifier import make_model
from dataset import ClipDataset
from prepare_data import prepare


class Trainer:
    def __init__(self, model, lr):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.loss_fn = nn.CrossEntropyLoss()

    def step(self, x, y):
        self.model.train()
        self.opt.zero_grad()
        loss = self.loss_fn(self.model(x), y)
        loss.backward()
        self.opt.step()
        return loss.item()

    @torch.no_grad()
    def evaluate(self, loader):
        self.model.eval()
        correct = total = 0
        for x, y in loader:
            correct += (self.model(x).argmax(1) == y).sum().item()
            total += len(y)
        return correct / total


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default="data")
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--batch-size", type=int, default=32)
    args = ap.parse_args()
    if not os.path.exists(os.path.join(args.data, "manifest.csv")):
        prepare(args.data)

    torch.manual_seed(0)
    perm = torch.randperm(300).tolist()
    train_ds = ClipDataset(args.data, perm[:240])
    val_ds = ClipDataset(args.data, perm[240:])
    train_dl = DataLoader(train_ds, batch_size=args.batch_size, shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=args.batch_size)

    trainer = Trainer(make_model(), lr=2e-3)
    for epoch in range(args.epochs):
        losses = [trainer.step(x, y) for x, y in train_dl]
        print(f"epoch {epoch}: loss {sum(losses) / len(losses):.4f}  val acc {trainer.evaluate(val_dl):.3f}")


if __name__ == "__main__":
    main()
