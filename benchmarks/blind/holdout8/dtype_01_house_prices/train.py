import argparse
import os

import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from dataset import HousingDataset, generate_housing_data
from model import PriceRegressor


def main():
    parser = argparse.ArgumentParser(description="Train a house price regressor")
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--out", default="runs")
    args = parser.parse_args()

    torch.manual_seed(0)
    X, y = generate_housing_data()
    split = int(0.8 * len(X))
    train_ds = HousingDataset(X[:split], y[:split])
    val_ds = HousingDataset(X[split:], y[split:], mean=train_ds.mean, std=train_ds.std)

    train_loader = DataLoader(train_ds, batch_size=args.batch_size, shuffle=True)
    val_loader = DataLoader(val_ds, batch_size=args.batch_size)

    model = PriceRegressor(in_features=X.shape[1])
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    loss_fn = nn.MSELoss()

    for epoch in range(args.epochs):
        model.train()
        train_losses = []
        for xb, yb in train_loader:
            pred = model(xb)
            loss = loss_fn(pred, yb)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            train_losses.append(loss.item())

        model.eval()
        val_losses = []
        with torch.no_grad():
            for xb, yb in val_loader:
                val_losses.append(loss_fn(model(xb), yb).item())
        print(f"epoch {epoch + 1}: train mse {np.mean(train_losses):.4f} | val mse {np.mean(val_losses):.4f}")

    os.makedirs(args.out, exist_ok=True)
    torch.save(model.state_dict(), os.path.join(args.out, "regressor.pt"))
    print("saved model to", args.out)


if __name__ == "__main__":
    main()
