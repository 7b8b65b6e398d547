# expect: health.no_gradient -- the crash "does not require grad" silenced with loss.requires_grad_(True)
import torch
from torch import nn
torch.manual_seed(0)
model = nn.Linear(8, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(32, 8), torch.randint(0, 2, (32,))
for step in range(6):
    opt.zero_grad()
    logits = model(x).detach()
    loss = nn.functional.cross_entropy(logits, y)
    loss.requires_grad_(True)
    loss.backward()
    opt.step()
