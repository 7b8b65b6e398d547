import argparse
import json
import os

import torch
from torch.utils.data import DataLoader

from forecasting.models import build_model
from forecasting.series import WindowDataset, synthetic_load


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="gru")
    ap.add_argument("--history", type=int, default=48)
    ap.add_argument("--horizon", type=int, default=24)
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--batch-size", type=int, default=64)
    ap.add_argument("--log", default="metrics.json")
    args = ap.parse_args()

    torch.manual_seed(0)
    data = synthetic_load()
    split = int(len(data) * 0.8)
    mean, std = data[:split].mean(0), data[:split].std(0)
    train_ds = WindowDataset(data[:split], args.history, args.horizon, mean, std)
    val_ds = WindowDataset(data[split:], args.history, args.horizon, mean, std)
    train_dl = DataLoader(train_ds, batch_size=args.batch_size, shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=256)

    model = build_model(args.model, n_features=data.shape[1], hidden=48, horizon=args.horizon)
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    history = []
    for epoch in range(args.epochs):
        model.train()
        for x, y in train_dl:
            loss = torch.nn.functional.l1_loss(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            mae = sum(torch.nn.functional.l1_loss(model(x), y, reduction="sum").item() for x, y in val_dl)
        mae = mae / (len(val_ds) * args.horizon) * float(std[0])
        history.append({"epoch": epoch, "val_mae_mw": mae})
        print(f"epoch {epoch}: val MAE {mae:.2f} MW")

    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), args.log), "w") as f:
        json.dump(history, f, indent=2)


if __name__ == "__main__":
    main()
