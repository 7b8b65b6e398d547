# expect: health.non_finite_loss -- log of a softmax that underflows to 0
import torch
from torch import nn
torch.manual_seed(0)
model = nn.Linear(4, 3)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(16, 4) * 300, torch.randint(0, 3, (16,))
for step in range(6):
    opt.zero_grad()
    probs = torch.softmax(model(x), dim=1)
    loss = nn.functional.nll_loss(torch.log(probs), y)
    loss.backward()
    opt.step()
