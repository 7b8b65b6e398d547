import torch.nn as nn
import torch.nn.functional as F
from torch.nn import init


class BasicBlock(nn.Module):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)
        self.down = nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout))

    def forward(self, x):
        out = F.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        return F.relu(out + self.down(x))


class ResNet(nn.Module):
    def __init__(self, num_features=64, num_classes=0, dropout=0.0):
        super().__init__()
        self.base = nn.Sequential(
            nn.Conv2d(3, 16, 3, 1, 1, bias=False), nn.BatchNorm2d(16), nn.ReLU(),
            BasicBlock(16, 32, 2), BasicBlock(32, 64, 2),
        )
        out_planes = 64
        self.num_features = num_features
        self.feat = nn.Linear(out_planes, self.num_features)
        self.feat_bn = nn.BatchNorm1d(self.num_features)
        init.kaiming_normal_(self.feat.weight, mode="fan_out")
        init.constant_(self.feat.bias, 0)
        init.constant_(self.feat_bn.weight, 1)
        init.constant_(self.feat_bn.bias, 0)
        self.drop = nn.Dropout(dropout)
        self.classifier = nn.Linear(self.num_features, num_classes)
        init.normal_(self.classifier.weight, std=0.001)
        init.constant_(self.classifier.bias, 0)

    def forward(self, x):
        x = self.base(x)
        x = F.adaptive_avg_pool2d(x, 1).flatten(1)
        x = self.feat_bn(self.feat(x))
        x = self.drop(F.relu(x))
        return self.classifier(x)
