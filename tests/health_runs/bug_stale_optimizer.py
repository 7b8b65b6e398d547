# expect: health.stale_optimizer -- the head is replaced after the optimizer was built over the old one
import torch
from torch import nn
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 10))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
model[2] = nn.Linear(16, 2)
x, y = torch.randn(32, 8), torch.randint(0, 2, (32,))
for step in range(6):
    opt.zero_grad()
    nn.functional.cross_entropy(model(x), y).backward()
    opt.step()
