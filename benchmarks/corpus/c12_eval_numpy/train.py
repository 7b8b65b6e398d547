import numpy as np
import torch
from torch import nn
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
opt = torch.optim.Adam(model.parameters())
X, Y = torch.randn(40, 4), torch.randn(40, 1)
def evaluate():
    preds = model(X)
    return float(np.mean((preds.numpy() - Y.numpy()) ** 2))
for epoch in range(3):
    opt.zero_grad(); nn.functional.mse_loss(model(X), Y).backward(); opt.step()
    print("val mse", evaluate())
