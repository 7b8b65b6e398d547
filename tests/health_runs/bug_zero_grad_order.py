# expect: health.zero_grad_before_step -- zero_grad between backward and step
import torch
from torch import nn
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(16, 4), torch.randn(16, 1)
for step in range(6):
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    opt.zero_grad()
    opt.step()
