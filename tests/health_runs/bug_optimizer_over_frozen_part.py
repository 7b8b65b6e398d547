# expect: health.frozen_optimizer -- a param-groups helper hands the optimizer the frozen backbone, not the head
import torch
from torch import nn


def param_groups(model):
    return [{"params": list(model[0].parameters()), "lr": 1e-3}]


torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
for p in model[0].parameters():
    p.requires_grad = False
opt = torch.optim.SGD(param_groups(model), lr=0.1)
x, y = torch.randn(16, 4), torch.randint(0, 2, (16,))
for step in range(4):
    opt.zero_grad()
    nn.functional.cross_entropy(model(x), y).backward()
    opt.step()
