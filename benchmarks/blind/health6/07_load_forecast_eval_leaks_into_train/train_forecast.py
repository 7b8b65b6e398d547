import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from forecast.data import load_curve, windows
from forecast.loops import run_epoch, evaluate
from forecast.model import GRUForecaster

torch.manual_seed(5)
series = load_curve()
split = int(len(series) * 0.8)
train_dl = DataLoader(windows(series[:split]), batch_size=64, shuffle=True)
val_dl = DataLoader(windows(series[split:]), batch_size=256)

model = GRUForecaster(n_features=series.shape[1], hidden=24)
optimizer = torch.optim.Adam(model.parameters(), lr=3e-3)
loss_fn = nn.MSELoss()
best, patience, bad = float("inf"), 3, 0

model.train()
for epoch in range(6):
    train_mse = run_epoch(model, train_dl, loss_fn, optimizer)
    val_mse = evaluate(model, val_dl, loss_fn)
    print(f"epoch {epoch:2d} train_mse={train_mse:.5f} val_mse={val_mse:.5f}")
    if val_mse < best:
        best, bad = val_mse, 0
        torch.save(model.state_dict(), "best_gru.pt")
    else:
        bad += 1
        if bad >= patience:
            print("early stopping")
            break
