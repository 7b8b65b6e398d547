import torch.nn as nn

from bit.layers import conv1x1, conv3x3


class PreActBottleneck(nn.Module):
    def __init__(self, cin, cout, cmid, stride=1):
        super().__init__()
        self.gn1 = nn.GroupNorm(4, cin)
        self.conv1 = conv1x1(cin, cmid)
        self.gn2 = nn.GroupNorm(4, cmid)
        self.conv2 = conv3x3(cmid, cmid, stride)
        self.gn3 = nn.GroupNorm(4, cmid)
        self.conv3 = conv1x1(cmid, cout)
        self.relu = nn.ReLU(inplace=True)
        self.downsample = conv1x1(cin, cout, stride) if (stride != 1 or cin != cout) else None

    def forward(self, x):
        out = self.relu(self.gn1(x))
        residual = self.downsample(out) if self.downsample is not None else x
        out = self.conv1(out)
        out = self.conv2(self.relu(self.gn2(out)))
        out = self.conv3(self.relu(self.gn3(out)))
        return out + residual


class ResNetV2Tiny(nn.Module):
    def __init__(self, num_classes, width=16):
        super().__init__()
        self.root = conv3x3(3, width)
        self.body = nn.Sequential(PreActBottleneck(width, 2 * width, width // 2, stride=2),
                                  PreActBottleneck(2 * width, 4 * width, width, stride=2))
        self.head = nn.Sequential(nn.GroupNorm(4, 4 * width), nn.ReLU(inplace=True),
                                  nn.AdaptiveAvgPool2d(1), conv1x1(4 * width, num_classes, bias=True))

    def forward(self, x):
        return self.head(self.body(self.root(x))).flatten(1)
