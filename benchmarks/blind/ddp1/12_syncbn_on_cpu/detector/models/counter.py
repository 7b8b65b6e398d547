import torch.nn as nn


def conv_bn(cin, cout, stride=1):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class BlobCounter(nn.Module):
    def __init__(self, width=16):
        super().__init__()
        self.backbone = nn.Sequential(
            conv_bn(1, width), conv_bn(width, width, 2),
            conv_bn(width, 2 * width), conv_bn(2 * width, 2 * width, 2),
        )
        self.head = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(2 * width, 1))

    def forward(self, x):
        return self.head(self.backbone(x)).squeeze(-1)
