import torch
import torch.nn as nn


class FrozenBackboneClassifier(nn.Module):
    def __init__(self, backbone, n_classes):
        super().__init__()
        self.backbone = backbone
        self.norm = nn.LayerNorm(backbone.out_dim)
        self.fc = nn.Linear(backbone.out_dim, n_classes)

    def forward(self, x):
        with torch.no_grad():
            feats = self.backbone(x)
        return self.fc(self.norm(feats))
