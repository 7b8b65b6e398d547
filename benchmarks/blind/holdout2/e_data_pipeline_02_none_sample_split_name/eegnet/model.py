import torch.nn as nn


class ShallowConvNet(nn.Module):
    """Schirrmeister-style shallow net: temporal conv -> spatial conv -> square -> pool -> log."""

    def __init__(self, n_channels, n_classes, n_filters=16):
        super().__init__()
        self.temporal = nn.Conv2d(1, n_filters, (1, 13), padding=(0, 6))
        self.spatial = nn.Conv2d(n_filters, n_filters, (n_channels, 1), bias=False)
        self.bn = nn.BatchNorm2d(n_filters)
        self.pool = nn.AvgPool2d((1, 35), stride=(1, 7))
        self.drop = nn.Dropout(0.25)
        self.fc = nn.LazyLinear(n_classes)

    def forward(self, x):
        x = self.bn(self.spatial(self.temporal(x.unsqueeze(1))))
        x = self.pool(x * x).clamp(min=1e-6).log()
        return self.fc(self.drop(x.flatten(1)))
