# expect: none -- fine-tuning a head: the optimizer holds only the head, the backbone gets gradients no one applies
import torch
from torch import nn
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))
opt = torch.optim.Adam(model[2].parameters(), lr=1e-3)
x, y = torch.randn(32, 8), torch.randint(0, 2, (32,))
for step in range(6):
    opt.zero_grad()
    nn.functional.cross_entropy(model(x), y).backward()
    opt.step()
