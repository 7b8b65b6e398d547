import torch
import torch.nn as nn


class SharedBottom(nn.Module):
    def __init__(self, in_dim, tasks, bottom=32, tower=16):
        super().__init__()
        self.bottom = nn.Sequential(nn.Linear(in_dim, bottom), nn.ReLU())
        self.towers = nn.ModuleDict()
        for name in tasks:
            self.towers[name] = nn.Sequential(nn.Linear(bottom, tower), nn.ReLU(), nn.Linear(tower, 1))

    def forward(self, x):
        h = self.bottom(x)
        return {name: t(h).squeeze(-1) for name, t in self.towers.items()}
