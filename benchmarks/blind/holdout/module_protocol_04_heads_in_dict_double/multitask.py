from torch import nn


class SharedTrunk(nn.Module):
    def __init__(self, in_dim, width):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(in_dim, width), nn.Tanh(), nn.Linear(width, width), nn.Tanh())

    def forward(self, x):
        return self.net(x)


class MultiTaskNet(nn.Module):
    """One trunk, one regression head per target (energy, dipole, gap)."""

    def __init__(self, in_dim, width, tasks):
        super().__init__()
        self.trunk = SharedTrunk(in_dim, width)
        self.heads = {name: nn.Linear(width, 1) for name in tasks}

    def forward(self, x):
        z = self.trunk(x)
        return {name: head(z).squeeze(-1) for name, head in self.heads.items()}
