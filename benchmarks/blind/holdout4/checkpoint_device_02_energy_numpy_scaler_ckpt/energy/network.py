import torch.nn as nn


class EnergyRegressor(nn.Module):
    def __init__(self, n_in, hidden):
        super().__init__()
        self.layers = nn.Sequential(
            nn.Linear(n_in, hidden), nn.LayerNorm(hidden), nn.GELU(),
            nn.Linear(hidden, hidden), nn.GELU(), nn.Linear(hidden, 1),
        )

    def forward(self, x):
        return self.layers(x).squeeze(-1)
