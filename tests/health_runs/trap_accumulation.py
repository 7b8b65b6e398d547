# expect: none -- gradient accumulation by design: zero_grad and step every 4 micro-batches
import torch
from torch import nn
torch.manual_seed(0)
model = nn.Linear(8, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.01)
x, y = torch.randn(64, 8), torch.randn(64, 1)
accumulate = 4
opt.zero_grad()
for i in range(32):
    loss = ((model(x[i:i + 2]) - y[i:i + 2]) ** 2).mean() / accumulate
    loss.backward()
    if (i + 1) % accumulate == 0:
        opt.step()
        opt.zero_grad()
