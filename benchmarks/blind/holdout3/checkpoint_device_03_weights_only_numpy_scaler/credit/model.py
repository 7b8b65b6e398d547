import torch.nn as nn


class RiskNet(nn.Module):
    def __init__(self, n_features, hidden=32):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_features, hidden), nn.ReLU(),
                                  nn.Linear(hidden, hidden), nn.ReLU(), nn.Linear(hidden, 1))

    def forward(self, x):
        return self.body(x).squeeze(-1)
