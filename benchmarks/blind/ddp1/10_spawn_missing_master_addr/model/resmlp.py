import torch.nn as nn


class ResBlock(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.f = nn.Sequential(nn.LayerNorm(d), nn.Linear(d, d), nn.GELU(), nn.Linear(d, d))

    def forward(self, x):
        return x + self.f(x)


class ResMLP(nn.Module):
    def __init__(self, in_dim=2, d=32, depth=3):
        super().__init__()
        self.inp = nn.Linear(in_dim, d)
        self.blocks = nn.Sequential(*[ResBlock(d) for _ in range(depth)])
        self.out = nn.Linear(d, 1)

    def forward(self, x):
        return self.out(self.blocks(self.inp(x)))
