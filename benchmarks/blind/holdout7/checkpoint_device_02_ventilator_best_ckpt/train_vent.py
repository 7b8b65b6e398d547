import argparse
import os

import numpy as np
import torch
from torch.utils.data import DataLoader

from vent.checkpointing import BestCheckpoint
from vent.data import FEATURES, BreathDataset, FeatureScaler, load_breaths, simulate_breaths
from vent.model import ConvLSTMRegressor

HERE = os.path.dirname(os.path.abspath(__file__))


def masked_mae(pred, target, u_out):
    mask = (u_out == 0)
    return np.abs(pred - target)[mask].mean()


def predict(model, loader):
    model.eval()
    with torch.no_grad():
        return torch.cat([model(x) for x, _ in loader]).numpy()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--lr", type=float, default=2e-3)
    args = ap.parse_args()
    torch.manual_seed(42)

    csv_path = os.path.join(HERE, "input", "train.csv")
    if not os.path.exists(csv_path):
        simulate_breaths(csv_path)
    x, y = load_breaths(csv_path)
    n_val = len(x) // 5
    raw_va = x[:n_val]
    scaler = FeatureScaler().fit(x[n_val:])
    x_tr, x_va = scaler.transform(x[n_val:]), scaler.transform(raw_va)
    y_tr, y_va = y[n_val:], y[:n_val]

    tr_dl = DataLoader(BreathDataset(x_tr, y_tr), batch_size=args.batch_size, shuffle=True)
    va_dl = DataLoader(BreathDataset(x_va, y_va), batch_size=128)
    model = ConvLSTMRegressor(len(FEATURES))
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr)
    u_out_va = raw_va[:, :, FEATURES.index("u_out")]
    ckpt = BestCheckpoint(os.path.join(HERE, "output", "best.pt"))

    for epoch in range(args.epochs):
        model.train()
        for xb, yb in tr_dl:
            opt.zero_grad()
            loss = torch.nn.functional.l1_loss(model(xb), yb)
            loss.backward()
            opt.step()
        mae = masked_mae(predict(model, va_dl), y_va, u_out_va)
        improved = ckpt.update(mae, model, scaler, epoch)
        print(f"epoch {epoch + 1}: valid inspiratory MAE {mae:.4f}{' *' if improved else ''}")

    best_epoch, best_mae = ckpt.restore(model, scaler)
    final = masked_mae(predict(model, va_dl), y_va, u_out_va)
    print(f"restored epoch {best_epoch + 1} (MAE {best_mae:.4f}); re-evaluated MAE {final:.4f}")


if __name__ == "__main__":
    main()
