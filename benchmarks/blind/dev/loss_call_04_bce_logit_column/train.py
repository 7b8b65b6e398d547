import argparse

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from data import SmsDataset
from model import SpamClassifier


@torch.no_grad()
def evaluate(model, loader):
    model.eval()
    tp = fp = fn = correct = n = 0
    for x, y in loader:
        pred = (model(x) > 0).float()
        correct += (pred == y).sum().item()
        tp += ((pred == 1) & (y == 1)).sum().item()
        fp += ((pred == 1) & (y == 0)).sum().item()
        fn += ((pred == 0) & (y == 1)).sum().item()
        n += len(y)
    model.train()
    precision = tp / max(tp + fp, 1)
    recall = tp / max(tp + fn, 1)
    return correct / n, precision, recall


def main():
    ap = argparse.ArgumentParser(description="SMS spam filter")
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--buckets", type=int, default=128)
    args = ap.parse_args()

    torch.manual_seed(0)
    train_dl = DataLoader(SmsDataset(400, args.buckets, seed=0), batch_size=args.batch_size, shuffle=True)
    test_dl = DataLoader(SmsDataset(100, args.buckets, seed=1), batch_size=args.batch_size)

    model = SpamClassifier(args.buckets)
    criterion = nn.BCEWithLogitsLoss(pos_weight=torch.tensor(1.5))
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)

    for epoch in range(args.epochs):
        for x, y in train_dl:
            optimizer.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
        acc, p, r = evaluate(model, test_dl)
        print(f"epoch {epoch}: loss={loss.item():.4f} acc={acc:.3f} precision={p:.3f} recall={r:.3f}")


if __name__ == "__main__":
    main()
