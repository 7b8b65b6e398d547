import torch.nn as nn
import torch.nn.functional as F


class Encoder(nn.Module):
    def __init__(self, in_dim, hidden, feat_dim, num_classes):
        super().__init__()
        self.backbone = nn.Sequential(
            nn.Linear(in_dim, hidden), nn.LayerNorm(hidden), nn.GELU(),
            nn.Linear(hidden, hidden), nn.LayerNorm(hidden), nn.GELU(),
        )
        self.proj = nn.Linear(hidden, feat_dim)
        self.classifier = nn.Linear(feat_dim, num_classes)

    def forward(self, x):
        z = F.normalize(self.proj(self.backbone(x)), dim=-1)
        return z, self.classifier(z)
