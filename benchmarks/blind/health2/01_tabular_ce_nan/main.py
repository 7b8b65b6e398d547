import argparse

import torch
from torch.utils.data import DataLoader

from tabclf.data import make_transactions, TransactionDataset
from tabclf.model import TabularMLP
from tabclf.losses import cross_entropy


def parse_args():
    p = argparse.ArgumentParser(description="fraud-type classifier on transaction features")
    p.add_argument("--epochs", type=int, default=10)
    p.add_argument("--batch-size", type=int, default=64)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--hidden", type=int, default=128)
    p.add_argument("--smoothing", type=float, default=0.0)
    p.add_argument("--seed", type=int, default=0)
    return p.parse_args()


def accuracy(model, loader):
    model.eval()
    correct, total = 0, 0
    with torch.no_grad():
        for x, y in loader:
            pred = model(x).argmax(dim=1)
            correct += (pred == y).sum().item()
            total += y.numel()
    model.train()
    return correct / max(total, 1)


def main():
    args = parse_args()
    torch.manual_seed(args.seed)

    x_tr, y_tr, x_va, y_va = make_transactions(n_train=1024, n_val=256, seed=args.seed)
    train_dl = DataLoader(TransactionDataset(x_tr, y_tr), batch_size=args.batch_size, shuffle=True)
    val_dl = DataLoader(TransactionDataset(x_va, y_va), batch_size=256)

    num_classes = int(y_tr.max()) + 1
    model = TabularMLP(x_tr.shape[1], args.hidden, num_classes)
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)

    for epoch in range(args.epochs):
        model.train()
        running, n = 0.0, 0
        for x, y in train_dl:
            logits = model(x)
            loss = cross_entropy(logits, y, num_classes, label_smoothing=args.smoothing)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            running += loss.item() * x.size(0)
            n += x.size(0)
        val_acc = accuracy(model, val_dl)
        print(f"epoch {epoch + 1}/{args.epochs}  train_loss={running / n:.4f}  val_acc={val_acc:.3f}")


if __name__ == "__main__":
    main()
