#!/usr/bin/env python
# Exported from the "plant-forecast" notebook, then cleaned up a bit.
import sys

import torch
from torch import nn
from torch.utils.data import DataLoader

from datasets import NextReadingDataset, simulate_plant

EPOCHS = int(sys.argv[1]) if len(sys.argv) > 1 else 5
HISTORY = 32
BATCH = 64

torch.manual_seed(0)
readings = simulate_plant()
split = int(len(readings) * 0.8)
train_ds = NextReadingDataset(readings[:split], HISTORY)
val_ds = NextReadingDataset(readings[split:], HISTORY)
train_loader = DataLoader(train_ds, batch_size=BATCH, shuffle=True)
val_loader = DataLoader(val_ds, batch_size=BATCH)


class GRUForecaster(nn.Module):
    def __init__(self, n_sensors, hidden=64):
        super().__init__()
        self.gru = nn.GRU(n_sensors, hidden, batch_first=True, num_layers=2, dropout=0.1)
        self.out = nn.Linear(hidden, n_sensors)

    def forward(self, x):
        seq, _ = self.gru(x)
        return self.out(seq[:, -1])


model = GRUForecaster(readings.shape[1])
optimizer = torch.optim.Adam(model.parameters(), lr=3e-3)
mse = nn.MSELoss()

for epoch in range(EPOCHS):
    model.train()
    train_loss = 0.0
    for hist, nxt in train_loader:
        optimizer.zero_grad()
        loss = mse(model(hist), nxt)
        loss.backward()
        optimizer.step()
        train_loss += loss.item() * len(hist)
    model.eval()
    with torch.no_grad():
        val_loss = sum(mse(model(h), n).item() * len(h) for h, n in val_loader) / len(val_ds)
    print(f"epoch {epoch + 1}/{EPOCHS}  train {train_loss / len(train_ds):.4f}  val {val_loss:.4f}")

torch.save(model.state_dict(), "gru_forecaster.pt")
