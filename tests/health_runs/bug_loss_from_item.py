# expect: health.no_gradient -- the loss terms become floats and are rewrapped as a new leaf tensor
import torch
from torch import nn
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(32, 8), torch.randint(0, 2, (32,))


def total_loss(logits, target):
    ce = nn.functional.cross_entropy(logits, target).item()
    reg = logits.pow(2).mean().item()
    return torch.tensor(ce + 0.01 * reg, requires_grad=True)


for step in range(6):
    opt.zero_grad()
    total_loss(model(x), y).backward()
    opt.step()
