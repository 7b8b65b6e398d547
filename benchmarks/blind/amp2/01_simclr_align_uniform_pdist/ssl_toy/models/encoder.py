import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self, in_dim=48, hidden=128, feat_dim=32):
        super().__init__()
        self.backbone = nn.Sequential(
            nn.Linear(in_dim, hidden), nn.BatchNorm1d(hidden), nn.ReLU(inplace=True),
            nn.Linear(hidden, hidden), nn.BatchNorm1d(hidden), nn.ReLU(inplace=True),
        )
        self.head = nn.Linear(hidden, feat_dim)

    def forward(self, x):
        return self.head(self.backbone(x))
