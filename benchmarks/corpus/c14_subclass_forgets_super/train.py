import torch
import torch.nn as nn
class Base(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = 1.0
class MLP(Base):
    def __init__(self, sizes):
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(sizes, sizes[1:]))
    def forward(self, x):
        for layer in self.layers:
            x = torch.tanh(layer(x))
        return x * self.scale
mlp = MLP([3, 8, 1])
opt = torch.optim.SGD(mlp.parameters(), lr=0.1)
for _ in range(3):
    opt.zero_grad(); mlp(torch.randn(5, 3)).sum().backward(); opt.step()
