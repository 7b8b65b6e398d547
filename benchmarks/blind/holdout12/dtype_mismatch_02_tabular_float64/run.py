import argparse
import json
import os

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from dataset import build_datasets
from model import MLPRegressor

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", default=os.path.join(HERE, "configs", "default.json"))
    args = parser.parse_args()
    with open(args.config) as f:
        cfg = json.load(f)
    cfg["data_path"] = os.path.join(HERE, cfg["data_path"])
    torch.manual_seed(cfg["seed"])

    train_ds, val_ds = build_datasets(cfg)
    train_loader = DataLoader(train_ds, batch_size=cfg["batch_size"], shuffle=True)
    val_loader = DataLoader(val_ds, batch_size=cfg["batch_size"])

    model = MLPRegressor(train_ds.x.shape[1], cfg["hidden_sizes"], cfg["dropout"])
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    loss_fn = nn.MSELoss()

    for epoch in range(cfg["epochs"]):
        model.train()
        total = 0.0
        for xb, yb in train_loader:
            optimizer.zero_grad()
            loss = loss_fn(model(xb), yb)
            loss.backward()
            optimizer.step()
            total += loss.item() * len(xb)
        model.eval()
        with torch.no_grad():
            val = sum(loss_fn(model(xb), yb).item() * len(xb) for xb, yb in val_loader)
        print(f"epoch {epoch} train_mse={total / len(train_ds):.4f} val_mse={val / len(val_ds):.4f}")


if __name__ == "__main__":
    main()
