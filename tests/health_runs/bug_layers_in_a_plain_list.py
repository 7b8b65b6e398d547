# expect: health.unregistered_module -- hidden layers kept in a plain list: the optimizer never sees them
import torch
from torch import nn
torch.manual_seed(0)


class MLP(nn.Module):
    def __init__(self, sizes):
        super().__init__()
        self.hidden = [nn.Linear(a, b) for a, b in zip(sizes, sizes[1:])]
        self.out = nn.Linear(sizes[-1], 2)

    def forward(self, x):
        for layer in self.hidden:
            x = torch.relu(layer(x))
        return self.out(x)


model = MLP([8, 16, 16])
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(32, 8), torch.randint(0, 2, (32,))
for step in range(5):
    opt.zero_grad()
    nn.functional.cross_entropy(model(x), y).backward()
    opt.step()
