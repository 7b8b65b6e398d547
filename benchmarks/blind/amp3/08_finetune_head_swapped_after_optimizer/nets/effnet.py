import torch.nn as nn


def conv_bn(cin, cout, k=3, s=1, groups=1):
    return nn.Sequential(nn.Conv2d(cin, cout, k, s, k // 2, groups=groups, bias=False), nn.BatchNorm2d(cout), nn.SiLU())


class MBConv(nn.Module):
    def __init__(self, cin, cout, stride, expand=4):
        super().__init__()
        mid = cin * expand
        self.use_res = stride == 1 and cin == cout
        self.block = nn.Sequential(conv_bn(cin, mid, 1), conv_bn(mid, mid, 3, stride, groups=mid),
                                   nn.Conv2d(mid, cout, 1, bias=False), nn.BatchNorm2d(cout))

    def forward(self, x):
        y = self.block(x)
        return x + y if self.use_res else y


class TinyEffNet(nn.Module):
    def __init__(self, num_classes=1000, width=16):
        super().__init__()
        w = width
        self.features = nn.Sequential(conv_bn(3, w, 3, 2), MBConv(w, w, 1), MBConv(w, 2 * w, 2),
                                      MBConv(2 * w, 2 * w, 1), MBConv(2 * w, 4 * w, 2), conv_bn(4 * w, 8 * w, 1))
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(8 * w, num_classes)

    def forward(self, x):
        return self.fc(self.pool(self.features(x)).flatten(1))
