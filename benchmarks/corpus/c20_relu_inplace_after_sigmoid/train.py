import torch
import torch.nn as nn
model = nn.Sequential(nn.Linear(5, 5), nn.Sigmoid(), nn.ReLU(inplace=True), nn.Linear(5, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for _ in range(3):
    opt.zero_grad(); model(torch.randn(7, 5)).sum().backward(); opt.step()
