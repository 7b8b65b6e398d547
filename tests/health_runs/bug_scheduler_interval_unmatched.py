# expect: health.lr_held_at_zero -- the warm-up scheduler is stepped only for "batch" or "epoch", and the setting is "batches"
import torch
from torch import nn
torch.manual_seed(0)
settings = {"lr": 0.05, "interval": "batches"}
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))
opt = torch.optim.SGD(model.parameters(), lr=settings["lr"])
sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda i: min(1.0, i / 10))
x, y = torch.randn(32, 8), torch.randint(0, 2, (32,))
for epoch in range(2):
    for step in range(3):
        opt.zero_grad()
        nn.functional.cross_entropy(model(x), y).backward()
        opt.step()
        if settings["interval"] == "batch":
            sched.step()
    if settings["interval"] == "epoch":
        sched.step()
