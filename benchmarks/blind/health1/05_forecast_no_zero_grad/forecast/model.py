import torch.nn as nn


class MLPForecaster(nn.Module):
    def __init__(self, window, horizon, hidden=128):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(window, hidden),
            nn.GELU(),
            nn.Linear(hidden, hidden),
            nn.GELU(),
            nn.Linear(hidden, horizon),
        )

    def forward(self, x):
        return self.net(x)
