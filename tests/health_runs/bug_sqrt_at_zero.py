# expect: health.non_finite_loss -- sqrt of a squared distance of 0: finite value, infinite derivative
import torch
from torch import nn
torch.manual_seed(0)
model = nn.Linear(4, 3)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(8, 4)
for step in range(4):
    opt.zero_grad()
    emb = model(x)
    dist = torch.sqrt(((emb.unsqueeze(1) - emb.unsqueeze(0)) ** 2).sum(-1))
    loss = dist.mean()
    loss.backward()
    opt.step()
