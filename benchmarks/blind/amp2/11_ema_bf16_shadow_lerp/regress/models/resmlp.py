import torch.nn as nn


class Block(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.norm = nn.LayerNorm(width)
        self.ff = nn.Sequential(nn.Linear(width, 2 * width), nn.GELU(), nn.Linear(2 * width, width))

    def forward(self, x):
        return x + self.ff(self.norm(x))


class ResMLP(nn.Module):
    def __init__(self, d_in, width=128, depth=3):
        super().__init__()
        self.stem = nn.Linear(d_in, width)
        self.blocks = nn.Sequential(*[Block(width) for _ in range(depth)])
        self.head = nn.Sequential(nn.LayerNorm(width), nn.Linear(width, 1))

    def forward(self, x):
        return self.head(self.blocks(self.stem(x)))
