import torch.nn as nn


class PointNetCls(nn.Module):
    def __init__(self, n_classes=3, width=64):
        super().__init__()
        self.point_mlp = nn.Sequential(nn.Linear(3, width), nn.ReLU(), nn.Linear(width, width * 2), nn.ReLU())
        self.head = nn.Sequential(nn.Linear(width * 2, width), nn.ReLU(), nn.Linear(width, n_classes))

    def forward(self, pts):                         # B, N, 3
        return self.head(self.point_mlp(pts).max(1).values)
