import torch.nn as nn


class TemporalConvNet(nn.Module):
    def __init__(self, in_channels=8, hidden=32):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv1d(in_channels, hidden, 5, padding=2), nn.GELU(),
            nn.Conv1d(hidden, hidden, 5, padding=4, dilation=2), nn.GELU(),
            nn.Conv1d(hidden, 1, 1),
        )

    def forward(self, x):
        return self.net(x)
