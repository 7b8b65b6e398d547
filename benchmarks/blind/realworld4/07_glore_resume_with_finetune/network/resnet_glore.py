import torch.nn as nn
from .glore import GloRe_Unit


class BasicBlock(nn.Module):
    def __init__(self, inplanes, planes, stride=1, glore=False):
        super(BasicBlock, self).__init__()
        self.conv1 = nn.Conv2d(inplanes, planes, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(planes)
        self.conv2 = nn.Conv2d(planes, planes, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(planes)
        self.relu = nn.ReLU(inplace=True)
        self.down = None
        if stride != 1 or inplanes != planes:
            self.down = nn.Sequential(nn.Conv2d(inplanes, planes, 1, stride, bias=False), nn.BatchNorm2d(planes))
        self.glore = GloRe_Unit(planes, planes // 4) if glore else None

    def forward(self, x):
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        out = self.relu(out + (x if self.down is None else self.down(x)))
        if self.glore is not None:
            out = self.glore(out)
        return out


class RESNET_GLORE(nn.Module):
    """tiny 2D ResNet with GloRe units; a clip is classified from the average of its frame features"""

    def __init__(self, num_classes, pretrained=False, width=16, **kwargs):
        super(RESNET_GLORE, self).__init__()
        self.conv1 = nn.Sequential(nn.Conv2d(3, width, 3, 1, 1, bias=False), nn.BatchNorm2d(width), nn.ReLU(inplace=True))
        self.layer1 = BasicBlock(width, width)
        self.layer2 = BasicBlock(width, width * 2, stride=2, glore=True)
        self.layer3 = BasicBlock(width * 2, width * 4, stride=2, glore=True)
        self.avgpool = nn.AdaptiveAvgPool2d(1)
        self.classifier = nn.Linear(width * 4, num_classes)

    def forward(self, x):
        # x: (n, c, t, h, w)
        n, c, t, h, w = x.shape
        x = x.permute(0, 2, 1, 3, 4).reshape(n * t, c, h, w)
        x = self.layer3(self.layer2(self.layer1(self.conv1(x))))
        x = self.avgpool(x).view(n, t, -1).mean(1)
        return self.classifier(x)
