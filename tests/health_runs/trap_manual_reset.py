# expect: none -- gradients reset by hand (p.grad = None), no zero_grad call
import torch
from torch import nn
torch.manual_seed(0)
model = nn.Linear(8, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.01)
x, y = torch.randn(32, 8), torch.randn(32, 1)
for step in range(6):
    for p in model.parameters():
        p.grad = None
    ((model(x) - y) ** 2).mean().backward()
    opt.step()
