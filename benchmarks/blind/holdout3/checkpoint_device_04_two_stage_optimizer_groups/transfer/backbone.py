import torch.nn as nn


class Backbone(nn.Module):
    def __init__(self, width=32):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, width, 3, padding=1), nn.BatchNorm2d(width), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(width, 2 * width, 3, padding=1), nn.BatchNorm2d(2 * width), nn.ReLU(),
            nn.AdaptiveAvgPool2d(1), nn.Flatten(),
        )
        self.out_dim = 2 * width

    def forward(self, x):
        return self.features(x)


class Classifier(nn.Module):
    def __init__(self, num_classes, width=32):
        super().__init__()
        self.backbone = Backbone(width)
        self.head = nn.Linear(self.backbone.out_dim, num_classes)

    def forward(self, x):
        return self.head(self.backbone(x))
