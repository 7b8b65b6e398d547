import torch.nn as nn


class TemporalConvNet(nn.Module):
    def __init__(self, window, horizon, hidden=64):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv1d(1, hidden, 5, padding=2), nn.GELU(),
            nn.Conv1d(hidden, hidden, 5, padding=4, dilation=2), nn.GELU(),
            nn.Conv1d(hidden, hidden, 5, padding=8, dilation=4), nn.GELU(),
        )
        self.head = nn.Linear(hidden * window, horizon)

    def forward(self, x):
        return self.head(self.body(x).flatten(1))
