import torch.nn as nn


class TinyTCN(nn.Module):
    def __init__(self, n_mels=20, channels=32, n_classes=6):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv1d(n_mels, channels, 5, padding=2), nn.ReLU(),
            nn.Conv1d(channels, channels, 5, padding=4, dilation=2), nn.ReLU(),
            nn.AdaptiveMaxPool1d(1), nn.Flatten(),
            nn.Linear(channels, n_classes),
        )

    def forward(self, x):
        return self.net(x)
