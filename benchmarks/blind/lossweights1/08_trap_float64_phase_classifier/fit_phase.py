import argparse

import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from thermo import PHASES, StateDataset


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=6)
    ap.add_argument("--batch-size", type=int, default=32)
    args = ap.parse_args()

    torch.manual_seed(0)
    train = StateDataset(400, seed=0)
    test = StateDataset(100, seed=1)

    counts = np.bincount(train.y.numpy(), minlength=len(PHASES))
    weights = torch.from_numpy(counts.sum() / (len(PHASES) * counts))

    model = nn.Sequential(nn.Linear(4, 32), nn.Tanh(), nn.Linear(32, 32), nn.Tanh(),
                          nn.Linear(32, len(PHASES))).double()
    criterion = nn.CrossEntropyLoss(weight=weights)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)

    loader = DataLoader(train, batch_size=args.batch_size, shuffle=True)
    for epoch in range(args.epochs):
        total = 0.0
        for x, y in loader:
            loss = criterion(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item()
        with torch.no_grad():
            acc = (model(test.X).argmax(1) == test.y).double().mean().item()
        print(f"epoch {epoch}: loss {total / len(loader):.5f}  test acc {acc:.3f}")


if __name__ == "__main__":
    main()
