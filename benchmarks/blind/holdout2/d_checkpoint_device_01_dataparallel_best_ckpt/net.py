import torch.nn as nn


def conv_bn(cin, cout, stride=1):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class TinyResBlock(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.a = conv_bn(ch, ch)
        self.b = nn.Sequential(nn.Conv2d(ch, ch, 3, 1, 1, bias=False), nn.BatchNorm2d(ch))
        self.act = nn.ReLU(inplace=True)

    def forward(self, x):
        return self.act(x + self.b(self.a(x)))


class TinyResNet(nn.Module):
    def __init__(self, num_classes=10, width=16):
        super().__init__()
        self.stem = conv_bn(3, width)
        self.stage1 = nn.Sequential(TinyResBlock(width), conv_bn(width, 2 * width, stride=2))
        self.stage2 = nn.Sequential(TinyResBlock(2 * width), conv_bn(2 * width, 4 * width, stride=2))
        self.head = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(4 * width, num_classes))

    def forward(self, x):
        return self.head(self.stage2(self.stage1(self.stem(x))))
