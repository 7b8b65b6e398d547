# expect: none -- a warm-up schedule that starts at lr 0: the first step moves nothing, by design
import torch
from torch import nn
torch.manual_seed(0)
model = nn.Linear(8, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda step: min(1.0, step / 3))
x, y = torch.randn(32, 8), torch.randn(32, 1)
for step in range(8):
    opt.zero_grad()
    ((model(x) - y) ** 2).mean().backward()
    opt.step()
    sched.step()
