# expect: health.zero_lr -- the warm-up factor is an integer division, 0 for every step of the run
import torch
from torch import nn
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda step: min(1, step // 50))
x, y = torch.randn(32, 8), torch.randint(0, 2, (32,))
for step in range(6):
    opt.zero_grad()
    nn.functional.cross_entropy(model(x), y).backward()
    opt.step()
    sched.step()
