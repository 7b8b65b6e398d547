import torch.nn as nn


class Network(nn.Module):
    """Sigmoid network with a quadratic cost, sizes e.g. [64, 30, 10]."""

    def __init__(self, sizes):
        super().__init__()
        layers = []
        for a, b in zip(sizes[:-1], sizes[1:]):
            layers += [nn.Linear(a, b), nn.Sigmoid()]
        self.layers = nn.Sequential(*layers)

    def forward(self, x):
        return self.layers(x)
