import torch.nn as nn


class ResBlock(nn.Module):
    def __init__(self, width, dropout=0.0):
        super().__init__()
        self.norm = nn.LayerNorm(width)
        self.fc1 = nn.Linear(width, width * 2)
        self.fc2 = nn.Linear(width * 2, width)
        self.act = nn.GELU()
        self.drop = nn.Dropout(dropout)

    def forward(self, x):
        return x + self.drop(self.fc2(self.act(self.fc1(self.norm(x)))))


class ResidualMLP(nn.Module):
    def __init__(self, in_dim, width=64, depth=4, dropout=0.0):
        super().__init__()
        self.input = nn.Linear(in_dim, width)
        self.blocks = nn.ModuleList([ResBlock(width, dropout) for _ in range(depth)])
        self.out_norm = nn.LayerNorm(width)
        self.output = nn.Linear(width, 1)

    def forward(self, x):
        h = self.input(x)
        for block in self.blocks:
            h = block(h)
        return self.output(self.out_norm(h))
