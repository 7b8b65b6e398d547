#!/usr/bin/env python
# coding: utf-8

# ## Day-ahead load forecasting with a 1D-CNN + GRU
# Converted from `forecasting.ipynb`.

# In[1]:


import os
import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from windows import SlidingWindowDataset, load_energy_series


# In[2]:


WINDOW = 36
HORIZON = 6
BATCH = 64
EPOCHS = 2
LR = 3e-3
TRAIN_FRAC = 0.8
SAVE_PATH = "forecast_ckpt/cnn_gru.pt"
torch.manual_seed(0)


# In[3]:


series = load_energy_series(n_hours=1000)
split = int(len(series) * TRAIN_FRAC)
mu, sigma = series[:split].mean(0), series[:split].std(0)
series_n = (series - mu) / sigma
train_series, test_series = series_n[:split], series_n[split - WINDOW:]
series.shape, train_series.shape, test_series.shape


# In[4]:


train_ds = SlidingWindowDataset(train_series, WINDOW, HORIZON)
test_ds = SlidingWindowDataset(test_series, WINDOW, HORIZON)
train_dl = DataLoader(train_ds, batch_size=BATCH, shuffle=True)
test_dl = DataLoader(test_ds, batch_size=BATCH)
len(train_ds), len(test_ds)


# In[5]:


class CNNGRU(nn.Module):
    def __init__(self, n_features, conv_ch=16, hidden=32):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv1d(n_features, conv_ch, 3, padding=1), nn.ReLU())
        self.gru = nn.GRU(conv_ch, hidden, batch_first=True)
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        h = self.conv(x.transpose(1, 2)).transpose(1, 2)
        _, h_n = self.gru(h)
        return self.out(h_n[-1]).squeeze(-1)


model = CNNGRU(series.shape[1])
opt = torch.optim.Adam(model.parameters(), lr=LR)
crit = nn.SmoothL1Loss()


# In[6]:


for ep in range(EPOCHS):
    model.train()
    tr = 0.0
    for xb, yb in train_dl:
        opt.zero_grad()
        loss = crit(model(xb), yb)
        loss.backward()
        nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        tr += loss.item() * len(xb)
    model.eval()
    preds, trues = [], []
    with torch.no_grad():
        for xb, yb in test_dl:
            preds.append(model(xb))
            trues.append(yb)
    preds = torch.cat(preds).numpy() * sigma[0] + mu[0]
    trues = torch.cat(trues).numpy() * sigma[0] + mu[0]
    mae = np.abs(preds - trues).mean()
    print(f"epoch {ep}: train loss {tr / len(train_ds):.4f}  test MAE {mae:.2f} kW")


# In[7]:


os.makedirs(os.path.dirname(SAVE_PATH), exist_ok=True)
torch.save({"model": model.state_dict(), "mu": mu.tolist(), "sigma": sigma.tolist(),
            "window": WINDOW, "horizon": HORIZON}, SAVE_PATH)
