import torch.nn as nn


class DefectNet(nn.Module):
    def __init__(self, width=32):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(1, width, 3, padding=1), nn.BatchNorm2d(width), nn.LeakyReLU(0.1),
            nn.Conv2d(width, width, 3, padding=1, groups=width), nn.BatchNorm2d(width), nn.LeakyReLU(0.1),
            nn.MaxPool2d(4),
            nn.Conv2d(width, 2 * width, 3, padding=1), nn.BatchNorm2d(2 * width), nn.LeakyReLU(0.1),
            nn.AdaptiveMaxPool2d(1), nn.Flatten(),
        )
        self.fc = nn.Linear(2 * width, 2)

    def forward(self, x):
        return self.fc(self.body(x))
