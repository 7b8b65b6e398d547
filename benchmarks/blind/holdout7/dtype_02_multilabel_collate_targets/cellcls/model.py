import torch.nn as nn


def conv_bn(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class TileNet(nn.Module):
    def __init__(self, in_ch=4, n_classes=6, width=24):
        super().__init__()
        self.features = nn.Sequential(
            conv_bn(in_ch, width), nn.MaxPool2d(2),
            conv_bn(width, width * 2), nn.MaxPool2d(2),
            conv_bn(width * 2, width * 4), nn.AdaptiveAvgPool2d(1),
        )
        self.classifier = nn.Sequential(nn.Flatten(), nn.Dropout(0.2), nn.Linear(width * 4, n_classes))

    def forward(self, x):
        return self.classifier(self.features(x))
