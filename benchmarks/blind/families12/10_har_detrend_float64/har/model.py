import torch.nn as nn


class HARConvNet(nn.Module):
    def __init__(self, in_channels=3, num_classes=3, hidden=32):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv1d(in_channels, hidden, 5, padding=2), nn.ReLU(),
            nn.Conv1d(hidden, hidden, 5, padding=2), nn.ReLU(),
            nn.AdaptiveMaxPool1d(1), nn.Flatten(),
            nn.Linear(hidden, num_classes),
        )

    def forward(self, x):
        return self.net(x)
