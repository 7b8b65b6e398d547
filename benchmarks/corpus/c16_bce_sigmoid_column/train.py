import torch
from torch import nn
model = nn.Sequential(nn.Linear(3, 1), nn.Sigmoid())
criterion = nn.BCELoss()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
X = torch.randn(30, 3); y = (X.sum(1) > 0).float()
for _ in range(4):
    prob = model(X)
    loss = criterion(prob, y)
    opt.zero_grad(); loss.backward(); opt.step()
