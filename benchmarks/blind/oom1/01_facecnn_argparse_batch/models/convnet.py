import torch.nn as nn


def conv_bn(cin, cout, stride=1):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, stride=stride, padding=1, bias=False),
        nn.BatchNorm2d(cout),
        nn.SiLU(),
    )


class TinyFaceNet(nn.Module):
    """Full-resolution stem followed by an aggressive pooling, then a small trunk."""

    def __init__(self, num_classes=2, width=32):
        super().__init__()
        self.stem = nn.Sequential(conv_bn(3, width), nn.Dropout2d(0.1), nn.MaxPool2d(4))
        self.features = nn.Sequential(
            conv_bn(width, width),
            conv_bn(width, 2 * width, stride=2),
            conv_bn(2 * width, 2 * width),
        )
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.head = nn.Linear(2 * width, num_classes)

    def forward(self, x):
        x = self.features(self.stem(x))
        return self.head(self.pool(x).flatten(1))
