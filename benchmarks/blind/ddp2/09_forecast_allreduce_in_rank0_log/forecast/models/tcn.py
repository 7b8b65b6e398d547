import torch.nn as nn


class ConvForecaster(nn.Module):
    def __init__(self, context, horizon, channels=32):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv1d(1, channels, 5, padding=2), nn.GELU(),
            nn.Conv1d(channels, channels, 5, padding=4, dilation=2), nn.GELU(),
            nn.Conv1d(channels, channels, 5, padding=8, dilation=4), nn.GELU(),
        )
        self.head = nn.Linear(channels * context, horizon)

    def forward(self, x):
        return self.head(self.net(x).flatten(1))
