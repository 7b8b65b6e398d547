import torch.nn as nn


class SmallConvNet(nn.Module):
    def __init__(self, num_classes=4, width=32):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, width, 3, padding=1),
            nn.ReLU(inplace=True),
            nn.MaxPool2d(2),
            nn.Conv2d(width, width * 2, 3, padding=1),
            nn.ReLU(inplace=True),
            nn.AdaptiveAvgPool2d(2),
        )
        self.classifier = nn.Linear(width * 2 * 4, num_classes)

    def forward(self, x):
        x = self.features(x)
        return self.classifier(x.flatten(1))
