import argparse

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from data.keywords import KeywordDataset
from data.transforms import Compose, RandomGain, TimeShift
from model import M5


def main():
    ap = argparse.ArgumentParser(description="keyword spotting (M5)")
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--batch-size", type=int, default=16)
    ap.add_argument("--lr", type=float, default=0.01)
    ap.add_argument("--augment", action="store_true")
    args = ap.parse_args()

    torch.manual_seed(0)
    tfm = Compose([RandomGain(), TimeShift()]) if args.augment else None
    train_set = KeywordDataset(n_per_class=40, transform=tfm, seed=0)
    test_set = KeywordDataset(n_per_class=10, seed=1)
    train_loader = DataLoader(train_set, batch_size=args.batch_size, shuffle=True)
    test_loader = DataLoader(test_set, batch_size=args.batch_size)

    model = M5()
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr, weight_decay=1e-4)

    for epoch in range(1, args.epochs + 1):
        model.train()
        for batch_idx, (data, target) in enumerate(train_loader):
            output = model(data)
            loss = F.cross_entropy(output, target)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        model.eval()
        correct = 0
        with torch.no_grad():
            for data, target in test_loader:
                correct += (model(data).argmax(-1) == target).sum().item()
        print(f"Train Epoch: {epoch}\tLoss: {loss.item():.6f}\tTest acc: {correct}/{len(test_set)}")


if __name__ == "__main__":
    main()
