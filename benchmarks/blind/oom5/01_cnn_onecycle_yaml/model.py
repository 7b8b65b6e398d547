import torch.nn as nn


def conv_bn(cin, cout):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, padding=1, bias=False),
        nn.BatchNorm2d(cout),
        nn.ReLU(),
    )


class TextureNet(nn.Module):
    def __init__(self, num_classes):
        super().__init__()
        self.features = nn.Sequential(
            conv_bn(3, 16),
            conv_bn(16, 16),
            nn.MaxPool2d(2),
            conv_bn(16, 32),
            nn.MaxPool2d(2),
            conv_bn(32, 64),
            nn.AdaptiveAvgPool2d(1),
        )
        self.head = nn.Linear(64, num_classes)

    def forward(self, x):
        return self.head(self.features(x).flatten(1))
