import torch.nn as nn


def conv_bn(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout),
                         nn.ReLU(inplace=True))


class SmallConvNet(nn.Module):
    def __init__(self, num_classes=4, width=16):
        super().__init__()
        self.features = nn.Sequential(
            conv_bn(1, width), nn.MaxPool2d(2),
            conv_bn(width, 2 * width), nn.MaxPool2d(2),
            conv_bn(2 * width, 4 * width), nn.AdaptiveAvgPool2d(1),
        )
        self.classifier = nn.Linear(4 * width, num_classes)

    def forward(self, x):
        return self.classifier(self.features(x).flatten(1))
