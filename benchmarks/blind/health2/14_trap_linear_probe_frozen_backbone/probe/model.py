import torch.nn as nn


class ConvBackbone(nn.Module):
    def __init__(self, width=16):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, width, 3, padding=1), nn.BatchNorm2d(width), nn.ReLU(),
            nn.Conv2d(width, 2 * width, 3, padding=1, stride=2), nn.BatchNorm2d(2 * width), nn.ReLU(),
            nn.AdaptiveAvgPool2d(2), nn.Flatten(),
        )
        self.out_dim = 2 * width * 4

    def forward(self, x):
        return self.features(x)


class LinearProbe(nn.Module):
    """Frozen self-supervised backbone + trainable linear classifier."""

    def __init__(self, backbone, n_classes):
        super().__init__()
        self.backbone = backbone
        for p in self.backbone.parameters():
            p.requires_grad = False
        self.classifier = nn.Linear(backbone.out_dim, n_classes)

    def train(self, mode=True):
        super().train(mode)
        self.backbone.eval()
        return self

    def forward(self, x):
        return self.classifier(self.backbone(x))
