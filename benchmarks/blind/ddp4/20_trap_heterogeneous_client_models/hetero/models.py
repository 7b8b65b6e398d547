import torch.nn as nn


class ClientNet(nn.Module):
    """Depth depends on the client's compute budget; width is shared."""

    def __init__(self, in_dim, width, depth, num_classes):
        super().__init__()
        self.stem = nn.Linear(in_dim, width)
        self.blocks = nn.ModuleList([nn.Sequential(nn.Linear(width, width), nn.ReLU()) for _ in range(depth)])
        self.head = nn.Linear(width, num_classes)

    def forward(self, x):
        h = self.stem(x).relu()
        for b in self.blocks:
            h = h + b(h)
        return self.head(h)
