import torch
import torch.nn as nn


class Generator(nn.Module):
    def __init__(self, nz=8, hidden=32, out_dim=16):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(nz, hidden), nn.BatchNorm1d(hidden), nn.ReLU(),
            nn.Linear(hidden, hidden), nn.BatchNorm1d(hidden), nn.ReLU(),
            nn.Linear(hidden, out_dim),
        )

    def forward(self, z):
        return self.net(z)


class Critic(nn.Module):
    def __init__(self, in_dim=16, hidden=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(in_dim, hidden), nn.LeakyReLU(0.2),
                                 nn.Linear(hidden, hidden), nn.LeakyReLU(0.2), nn.Linear(hidden, 1))

    def forward(self, x):
        return self.net(x)


def real_batch(n, g, out_dim=16):
    mode = (torch.rand(n, 1, generator=g) < 0.5).float() * 2 - 1
    base = mode * 2.0 + 0.3 * torch.randn(n, 1, generator=g)
    return base.expand(n, out_dim) + 0.05 * torch.randn(n, out_dim, generator=g)
