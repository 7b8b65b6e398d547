import torch.nn as nn


class SmallResNet(nn.Module):
    def __init__(self, num_classes=10, width=16):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, width, 3, padding=1, bias=False),
                                  nn.BatchNorm2d(width), nn.ReLU(inplace=True))
        self.block = nn.Sequential(nn.Conv2d(width, width, 3, padding=1, bias=False),
                                   nn.BatchNorm2d(width), nn.ReLU(inplace=True),
                                   nn.Conv2d(width, width, 3, padding=1, bias=False),
                                   nn.BatchNorm2d(width))
        self.relu = nn.ReLU(inplace=True)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(width, num_classes)

    def forward(self, x):
        x = self.stem(x)
        x = self.relu(x + self.block(x))
        return self.fc(self.pool(x).flatten(1))
