import torch.nn as nn


def conv_bn(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class DefectNet(nn.Module):
    def __init__(self, n_classes, width=16):
        super().__init__()
        self.features = nn.Sequential(
            conv_bn(1, width), nn.MaxPool2d(2),
            conv_bn(width, width * 2), nn.MaxPool2d(2),
            conv_bn(width * 2, width * 4), nn.MaxPool2d(2),
            conv_bn(width * 4, width * 4),
        )
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.head = nn.Sequential(
            nn.Flatten(),
            nn.Linear(width * 4, 64),
            nn.BatchNorm1d(64),
            nn.ReLU(inplace=True),
            nn.Dropout(0.3),
            nn.Linear(64, n_classes),
        )

    def forward(self, x):
        return self.head(self.pool(self.features(x)))
