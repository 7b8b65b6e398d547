import torch.nn as nn


class ConvNet(nn.Module):
    """Small CIFAR-style classifier."""

    def __int__(self, num_classes=10, width=16):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(3, width, 3, padding=1), nn.BatchNorm2d(width), nn.ReLU(),
            nn.Conv2d(width, width, 3, padding=1), nn.BatchNorm2d(width), nn.ReLU(),
            nn.MaxPool2d(2),
            nn.Conv2d(width, 2 * width, 3, padding=1), nn.BatchNorm2d(2 * width), nn.ReLU(),
            nn.AdaptiveAvgPool2d(1),
        )
        self.fc = nn.Linear(2 * width, num_classes)

    def forward(self, x):
        return self.fc(self.body(x).flatten(1))
