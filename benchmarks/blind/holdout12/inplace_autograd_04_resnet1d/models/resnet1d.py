import torch.nn as nn

from .blocks import ResidualBlock1d


class ResNet1d(nn.Module):
    """Small 1D ResNet for multichannel time-series classification (ECG-like signals)."""

    def __init__(self, in_channels, num_classes, widths=(16, 32, 64)):
        super().__init__()
        self.stem = nn.Sequential(
            nn.Conv1d(in_channels, widths[0], 15, stride=2, padding=7, bias=False),
            nn.BatchNorm1d(widths[0]),
            nn.ReLU(),
        )
        blocks = []
        prev = widths[0]
        for i, w in enumerate(widths):
            blocks.append(ResidualBlock1d(prev, w, stride=1 if i == 0 else 2))
            prev = w
        self.blocks = nn.Sequential(*blocks)
        self.pool = nn.AdaptiveAvgPool1d(1)
        self.fc = nn.Linear(prev, num_classes)

    def forward(self, x):
        x = self.blocks(self.stem(x))
        return self.fc(self.pool(x).flatten(1))
