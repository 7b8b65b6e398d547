# expect: none -- fine-tuning a head: the backbone is frozen (requires_grad False), the head is trained
import torch
from torch import nn
torch.manual_seed(0)
backbone = nn.Sequential(nn.Linear(8, 16), nn.ReLU())
head = nn.Linear(16, 2)
for p in backbone.parameters():
    p.requires_grad = False
model = nn.Sequential(backbone, head)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(32, 8), torch.randint(0, 2, (32,))
for step in range(6):
    opt.zero_grad()
    nn.functional.cross_entropy(model(x), y).backward()
    opt.step()
