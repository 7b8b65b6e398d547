import torch.nn as nn


class PointNetLite(nn.Module):
    def __init__(self, n_classes=4):
        super().__init__()
        self.mlp1 = nn.Sequential(nn.Conv1d(3, 32, 1), nn.ReLU(), nn.Conv1d(32, 64, 1), nn.ReLU())
        self.cls = nn.Sequential(nn.Linear(64, 32), nn.ReLU(), nn.Linear(32, n_classes))

    def forward(self, pts):  # pts [B, N, 3]
        x = self.mlp1(pts.transpose(1, 2))
        return self.cls(x.max(dim=2).values)
