import torch.nn as nn


class ConvEncoder(nn.Module):
    def __init__(self, in_ch=3, width=32, feat_dim=128, proj_dim=64):
        super().__init__()
        self.backbone = nn.Sequential(
            nn.Conv1d(in_ch, width, 7, padding=3), nn.ReLU(),
            nn.Conv1d(width, width, 5, padding=2), nn.ReLU(),
            nn.AdaptiveAvgPool1d(1), nn.Flatten(), nn.Linear(width, feat_dim))
        self.projector = nn.Sequential(nn.Linear(feat_dim, feat_dim), nn.ReLU(), nn.Linear(feat_dim, proj_dim))

    def forward(self, x):
        h = self.backbone(x)
        return h, self.projector(h)
