import argparse
import json
from pathlib import Path

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Subset

from forecasting.series import build_frame, WindowDataset
from forecasting.model import LSTMForecaster


def parse_args():
    p = argparse.ArgumentParser(description="Hourly load forecasting")
    p.add_argument("--config", default=str(Path(__file__).parent / "configs" / "forecast.json"))
    p.add_argument("--epochs", type=int, default=None)
    return p.parse_args()


def evaluate(model, loader):
    model.eval()
    se, n = 0.0, 0
    with torch.no_grad():
        for x, y in loader:
            se += ((model(x) - y) ** 2).sum().item()
            n += y.numel()
    model.train()
    return (se / n) ** 0.5


def main():
    args = parse_args()
    cfg = json.loads(Path(args.config).read_text())
    dcfg, mcfg, tcfg = cfg["data"], cfg["model"], cfg["train"]
    torch.manual_seed(tcfg["seed"])

    x, target_col = build_frame(dcfg, tcfg["seed"])
    ds = WindowDataset(x, target_col, dcfg["window"], dcfg["horizon"])
    n_val = int(len(ds) * dcfg["val_fraction"])
    train_ds = Subset(ds, range(0, len(ds) - n_val))
    val_ds = Subset(ds, range(len(ds) - n_val, len(ds)))
    train_loader = DataLoader(train_ds, batch_size=tcfg["batch_size"], shuffle=True)
    val_loader = DataLoader(val_ds, batch_size=tcfg["batch_size"])

    model = LSTMForecaster(horizon=dcfg["horizon"], **mcfg)
    opt = torch.optim.Adam(model.parameters(), lr=tcfg["lr"])
    loss_fn = nn.MSELoss()

    for epoch in range(args.epochs or tcfg["epochs"]):
        for xb, yb in train_loader:
            loss = loss_fn(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch + 1}: val RMSE {evaluate(model, val_loader):.4f}")


if __name__ == "__main__":
    main()
