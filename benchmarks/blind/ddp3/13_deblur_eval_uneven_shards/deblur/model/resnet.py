import torch.nn as nn


class ResBlock(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(ch, ch, 3, padding=1), nn.ReLU(), nn.Conv2d(ch, ch, 3, padding=1))

    def forward(self, x):
        return x + self.body(x)


class DeblurNet(nn.Module):
    def __init__(self, ch=16, n_blocks=3):
        super().__init__()
        self.head = nn.Conv2d(1, ch, 3, padding=1)
        self.blocks = nn.Sequential(*[ResBlock(ch) for _ in range(n_blocks)])
        self.tail = nn.Conv2d(ch, 1, 3, padding=1)

    def forward(self, x):
        return x + self.tail(self.blocks(self.head(x)))
