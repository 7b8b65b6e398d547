import torch.nn as nn

from .ops import clip_features


class Backbone(nn.Module):
    """Stand-in for the pretrained feature extractor shipped with the project."""

    def __init__(self, in_dim=20, width=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(in_dim, width), nn.BatchNorm1d(width), nn.ReLU(),
                                 nn.Linear(width, width), nn.BatchNorm1d(width), nn.ReLU())

    def forward(self, x):
        return self.net(x)


class AdaptedClassifier(nn.Module):
    def __init__(self, backbone, width=64, bottleneck=16, n_classes=5):
        super().__init__()
        self.backbone = backbone
        self.backbone.requires_grad_(False)
        self.backbone.eval()
        self.adapter = nn.Sequential(nn.Linear(width, bottleneck), nn.ReLU(), nn.Linear(bottleneck, width))
        self.head = nn.Linear(width, n_classes)

    def train(self, mode=True):
        super().train(mode)
        self.backbone.eval()
        return self

    def forward(self, x):
        f = self.backbone(x)
        f = f + clip_features(self.adapter(f))
        return self.head(f)
