import argparse

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from ecg.data import ECGBeats, split
from ecg.model import ECGNet


def main():
    parser = argparse.ArgumentParser(description="Train a 1D-CNN beat classifier")
    parser.add_argument("--data", default="data/ecg_train.npz")
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--lr", type=float, default=1e-3)
    args = parser.parse_args()

    torch.manual_seed(0)
    dataset = ECGBeats(args.data)
    train_set, val_set = split(dataset, 0.1, seed=0)
    train_loader = DataLoader(train_set, batch_size=args.batch_size, shuffle=True)
    val_loader = DataLoader(val_set, batch_size=args.batch_size)

    model = ECGNet()
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    criterion = nn.CrossEntropyLoss()
    for epoch in range(args.epochs):
        model.train()
        for x, y in train_loader:
            optimizer.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
        model.eval()
        correct = 0
        with torch.no_grad():
            for x, y in val_loader:
                correct += (model(x).argmax(1) == y).sum().item()
        print(f"epoch {epoch}: loss {loss.item():.4f} val acc {correct / len(val_set):.3f}")
    torch.save(model.state_dict(), "ecgnet.pt")


if __name__ == "__main__":
    main()
