import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset
ds = TensorDataset(torch.randn(513, 20), torch.randint(0, 2, (513,)))
model = nn.Sequential(nn.Linear(20, 16), nn.BatchNorm1d(16), nn.ReLU(), nn.Linear(16, 2))
opt = torch.optim.Adam(model.parameters())
loader = DataLoader(ds, batch_size=64, shuffle=True, num_workers=0)
for epoch in range(2):
    for xb, yb in loader:
        opt.zero_grad(); nn.CrossEntropyLoss()(model(xb), yb).backward(); opt.step()
