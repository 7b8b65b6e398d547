import torch.nn as nn


class HousingRegressor(nn.Module):
    def __init__(self, in_dim, hidden=64):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(in_dim, hidden), nn.SiLU(),
                                 nn.Linear(hidden, hidden), nn.SiLU(),
                                 nn.Linear(hidden, 1))

    def forward(self, x):
        return self.mlp(x).squeeze(-1)
