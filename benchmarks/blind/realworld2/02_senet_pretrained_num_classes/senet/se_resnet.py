import os

import torch
import torch.nn as nn

from .se_module import SELayer

WEIGHTS_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "weights")


class SEBasicBlock(nn.Module):
    expansion = 1

    def __init__(self, inplanes, planes, stride=1, reduction=16):
        super(SEBasicBlock, self).__init__()
        self.conv1 = nn.Conv2d(inplanes, planes, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(planes)
        self.relu = nn.ReLU(inplace=True)
        self.conv2 = nn.Conv2d(planes, planes, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(planes)
        self.se = SELayer(planes, reduction)
        if inplanes != planes or stride != 1:
            self.downsample = nn.Sequential(nn.Conv2d(inplanes, planes, 1, stride, bias=False),
                                            nn.BatchNorm2d(planes))
        else:
            self.downsample = lambda x: x

    def forward(self, x):
        residual = self.downsample(x)
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        out = self.se(out)
        out += residual
        return self.relu(out)


class SEResNet(nn.Module):
    def __init__(self, block, n_size, num_classes=1000, reduction=16):
        super(SEResNet, self).__init__()
        self.inplane = 16
        self.conv1 = nn.Conv2d(3, self.inplane, 3, 1, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(self.inplane)
        self.relu = nn.ReLU(inplace=True)
        self.layer1 = self._make_layer(block, 16, n_size, 1, reduction)
        self.layer2 = self._make_layer(block, 32, n_size, 2, reduction)
        self.layer3 = self._make_layer(block, 64, n_size, 2, reduction)
        self.avgpool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(64, num_classes)

    def _make_layer(self, block, planes, blocks, stride, reduction):
        strides = [stride] + [1] * (blocks - 1)
        layers = []
        for s in strides:
            layers.append(block(self.inplane, planes, s, reduction))
            self.inplane = planes
        return nn.Sequential(*layers)

    def forward(self, x):
        x = self.relu(self.bn1(self.conv1(x)))
        x = self.layer3(self.layer2(self.layer1(x)))
        x = self.avgpool(x).view(x.size(0), -1)
        return self.fc(x)


def se_resnet20(num_classes=1000, pretrained=False, **kwargs):
    """Constructs a SE-ResNet-20 model.

    Args:
        pretrained (bool): If True, returns a model pre-trained on ImageNet (1000 classes)
    """
    model = SEResNet(SEBasicBlock, 1, num_classes=num_classes, **kwargs)
    if pretrained:
        model.load_state_dict(torch.load(os.path.join(WEIGHTS_DIR, "se_resnet20_imagenet.pth"),
                                         map_location="cpu"))
    return model
