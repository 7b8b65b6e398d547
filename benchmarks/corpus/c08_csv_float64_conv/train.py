import numpy as np
import torch
from torch import nn
series = np.cumsum(np.random.randn(32, 1, 64), axis=2)
targets = torch.randn(32, 1)
model = nn.Sequential(nn.Conv1d(1, 4, 5), nn.ReLU(), nn.AdaptiveAvgPool1d(1), nn.Flatten(), nn.Linear(4, 1))
opt = torch.optim.Adam(model.parameters())
inputs = torch.tensor(series)
for epoch in range(3):
    pred = model(inputs)
    loss = nn.functional.mse_loss(pred, targets)
    opt.zero_grad(); loss.backward(); opt.step()
