import argparse

import torch
from torch import nn
from torch.utils.data import DataLoader

from .net import GRUForecaster
from .windows import SlidingWindowDataset, make_series

CONFIG = {
    "window": 24,
    "train_frac": 0.8,
    "batch_size": 32,
    "lr": 5e-3,
    "epochs": 4,
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=CONFIG["epochs"])
    cfg = dict(CONFIG, **{k: v for k, v in vars(ap.parse_args()).items() if v is not None})
    torch.manual_seed(0)

    series = make_series()
    split = int(len(series) * cfg["train_frac"])
    mean, std = series[:split].mean(), series[:split].std()
    series = (series - mean) / std
    train_ds = SlidingWindowDataset(series[:split], cfg["window"])
    val_ds = SlidingWindowDataset(series[split - cfg["window"]:], cfg["window"])
    # keep temporal order; the model sees windows chronologically
    train_dl = DataLoader(train_ds, batch_size=cfg["batch_size"], shuffle=False)
    val_dl = DataLoader(val_ds, batch_size=cfg["batch_size"], shuffle=False)

    model = GRUForecaster()
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    mse = nn.MSELoss()
    for epoch in range(cfg["epochs"]):
        model.train()
        tr = []
        for x, y in train_dl:
            opt.zero_grad()
            loss = mse(model(x), y)
            loss.backward()
            opt.step()
            tr.append(loss.item())
        model.eval()
        with torch.no_grad():
            va = [mse(model(x), y).item() for x, y in val_dl]
        print(f"epoch {epoch}: train mse {sum(tr) / len(tr):.4f}  val mse {sum(va) / len(va):.4f}")


if __name__ == "__main__":
    main()
