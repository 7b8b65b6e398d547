import torch
import torch.nn as nn


class WeatherNet(nn.Module):
    """Shared trunk + one head per task (next-hour temperature, rain yes/no, wind speed)."""

    def __init__(self, n_in, tasks, hidden=64):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(n_in, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
        self.heads = nn.ModuleDict({name: nn.Linear(hidden, 1) for name in tasks})

    def forward(self, x):
        h = self.trunk(x)
        return {name: head(h).squeeze(-1) for name, head in self.heads.items()}
