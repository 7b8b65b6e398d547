"""Next-hour household load forecast from the previous 24 h of minute-level readings."""
import time

import numpy as np
import torch
import torch.nn as nn

from tcn import TCNForecaster

LOOKBACK = 1440
HORIZON = 60
N_FEATURES = 8
BATCH = 32
EPOCHS = 2
LR = 1e-3


def make_series(n_minutes, rng):
    t = np.arange(n_minutes)
    daily = np.sin(2 * np.pi * t / 1440)
    weekly = 0.3 * np.sin(2 * np.pi * t / (7 * 1440))
    load = 1.5 + daily + weekly + 0.2 * rng.standard_normal(n_minutes)
    extra = rng.standard_normal((n_minutes, N_FEATURES - 1)) * 0.5 + daily[:, None] * 0.2
    return np.concatenate([load[:, None], extra], axis=1).astype(np.float32)


def windows(series, n, rng):
    starts = rng.integers(0, len(series) - LOOKBACK - HORIZON, size=n)
    x = np.stack([series[s:s + LOOKBACK] for s in starts])
    y = np.stack([series[s + LOOKBACK:s + LOOKBACK + HORIZON, 0] for s in starts])
    return torch.from_numpy(x), torch.from_numpy(y)


def run_validation(model, x_val, y_val, batch):
    model.eval()
    preds = []
    for i in range(0, len(x_val), batch):
        preds.append(model(x_val[i:i + batch]))
    preds = torch.cat(preds)
    mae = (preds - y_val).abs().mean().item()
    rmse = ((preds - y_val) ** 2).mean().sqrt().item()
    model.train()
    return mae, rmse


def main():
    rng = np.random.default_rng(3)
    torch.manual_seed(3)
    series = make_series(60 * 24 * 60, rng)
    split = int(len(series) * 0.8)
    x_tr, y_tr = windows(series[:split], 256, rng)
    x_va, y_va = windows(series[split:], 512, rng)

    model = TCNForecaster(N_FEATURES, HORIZON)
    opt = torch.optim.Adam(model.parameters(), lr=LR)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5)
    loss_fn = nn.SmoothL1Loss()

    for epoch in range(EPOCHS):
        t0 = time.time()
        perm = torch.randperm(len(x_tr))
        for i in range(0, len(x_tr), BATCH):
            idx = perm[i:i + BATCH]
            loss = loss_fn(model(x_tr[idx]), y_tr[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
        sched.step()
        mae, rmse = run_validation(model, x_va, y_va, 64)
        print(f"epoch {epoch}: last train loss {loss.item():.4f}  val MAE {mae:.4f}  RMSE {rmse:.4f}  "
              f"({time.time() - t0:.1f}s)")


if __name__ == "__main__":
    main()
