# expect: health.grads_accumulate -- zero_grad never called: gradients add up step after step
import torch
from torch import nn
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.01)
x, y = torch.randn(16, 4), torch.randn(16, 1)
for step in range(6):
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    opt.step()
