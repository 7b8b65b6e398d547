import torch
import torch.nn as nn


class conv_bn_relu(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0):
        super(conv_bn_relu, self).__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size, stride=stride, padding=padding, bias=False)
        self.bn = nn.BatchNorm2d(out_channels)
        self.relu = nn.ReLU()

    def forward(self, x):
        return self.relu(self.bn(self.conv(x)))


class parsingNet(nn.Module):
    def __init__(self, size=(32, 80), cls_dim=(21, 9, 4)):
        super(parsingNet, self).__init__()
        self.cls_dim = cls_dim
        self.total_dim = cls_dim[0] * cls_dim[1] * cls_dim[2]
        self.model = nn.Sequential(
            conv_bn_relu(3, 16, 3, stride=2, padding=1),
            conv_bn_relu(16, 32, 3, stride=2, padding=1),
            conv_bn_relu(32, 32, 3, stride=2, padding=1))
        self.pool = nn.Conv2d(32, 8, 1)
        feat = 8 * (size[0] // 8) * (size[1] // 8)
        self.cls = nn.Sequential(nn.Linear(feat, 256), nn.ReLU(), nn.Linear(256, self.total_dim))

    def forward(self, x):
        fea = self.pool(self.model(x)).view(x.size(0), -1)
        group_cls = self.cls(fea).view(-1, *self.cls_dim)
        return group_cls
