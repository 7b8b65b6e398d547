import torch
import torch.nn as nn


class TrajectoryHead(nn.Module):
    """GRU encoder over past (x, y, vx, vy) -> Gaussian over the next `horizon` offsets."""

    def __init__(self, in_dim=4, hidden=64, horizon=6):
        super().__init__()
        self.out_dim = 2 * horizon
        self.enc = nn.GRU(in_dim, hidden, batch_first=True)
        self.mlp = nn.Sequential(nn.Linear(hidden, hidden), nn.SiLU())
        self.mu = nn.Linear(hidden, self.out_dim)
        n_tril = self.out_dim * (self.out_dim + 1) // 2
        self.tril = nn.Linear(hidden, n_tril)

    def forward(self, past):
        _, h = self.enc(past)
        h = self.mlp(h[-1])
        return self.mu(h), self.tril(h)
