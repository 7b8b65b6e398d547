import torch.nn as nn


class TexNet(nn.Module):
    def __init__(self, num_classes=10):
        super().__init__()
        self.backbone = nn.Sequential(
            nn.Conv2d(3, 16, 5, padding=2), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(32, 32, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(2),
            nn.Flatten(),
        )
        self.num_features = 32 * 4
        self.classifier = nn.Linear(self.num_features, num_classes)

    def reset_classifier(self, num_classes):
        self.classifier = nn.Linear(self.num_features, num_classes)

    def forward(self, x):
        return self.classifier(self.backbone(x))
