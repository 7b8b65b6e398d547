import torch.nn as nn

from .blocks import ResidualBlock1d


class ECGResNet(nn.Module):
    def __init__(self, n_leads=1, n_classes=4, widths=(16, 32, 64)):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv1d(n_leads, widths[0], 15, stride=2, padding=7, bias=False),
                                  nn.BatchNorm1d(widths[0]), nn.ReLU(inplace=True))
        stages, prev = [], widths[0]
        for w in widths:
            stages.append(ResidualBlock1d(prev, w, stride=2))
            prev = w
        self.stages = nn.Sequential(*stages)
        self.head = nn.Sequential(nn.AdaptiveAvgPool1d(1), nn.Flatten(), nn.Linear(prev, n_classes))

    def forward(self, x):
        return self.head(self.stages(self.stem(x)))
