import argparse

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

from models import build_cnn


def make_fake_fashion(n=512, seed=0):
    g = torch.Generator().manual_seed(seed)
    labels = torch.randint(0, 10, (n,), generator=g)
    images = torch.rand(n, 1, 28, 28, generator=g) * 0.3
    for i, y in enumerate(labels.tolist()):
        r = 2 + 2 * y
        images[i, 0, r:r + 4, 4:24] += 0.7
    return TensorDataset(images, labels)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--lr", type=float, default=1e-3)
    args = p.parse_args()

    torch.manual_seed(42)
    train_ds = make_fake_fashion(256, seed=0)
    test_ds = make_fake_fashion(64, seed=1)
    train_loader = DataLoader(train_ds, batch_size=args.batch_size, shuffle=True)
    test_loader = DataLoader(test_ds, batch_size=args.batch_size)

    model = build_cnn()
    loss_fn = nn.CrossEntropyLoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)

    for epoch in range(args.epochs):
        model.train()
        train_loss = 0.0
        for X, y in train_loader:
            y_pred = model(X)
            loss = loss_fn(y_pred, y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            train_loss += loss.item()
        train_loss /= len(train_loader)

        model.eval()
        correct = 0
        with torch.inference_mode():
            for X, y in test_loader:
                correct += (model(X).argmax(dim=1) == y).sum().item()
        print(f"Epoch: {epoch} | train loss: {train_loss:.4f} | test acc: {correct / len(test_ds):.3f}")


if __name__ == "__main__":
    main()
