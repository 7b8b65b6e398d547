import torch.nn as nn

from .splat import points_to_volume


class PointVoxelClassifier(nn.Module):
    def __init__(self, n_classes=4, feat=16, grid=12):
        super().__init__()
        self.grid = grid
        self.point_mlp = nn.Sequential(nn.Linear(3, 32), nn.ReLU(), nn.Linear(32, feat))
        self.conv = nn.Sequential(
            nn.Conv3d(feat, 32, 3, padding=1), nn.BatchNorm3d(32), nn.ReLU(), nn.MaxPool3d(2),
            nn.Conv3d(32, 64, 3, padding=1), nn.BatchNorm3d(64), nn.ReLU(), nn.AdaptiveAvgPool3d(1),
        )
        self.fc = nn.Linear(64, n_classes)

    def forward(self, points):
        f = self.point_mlp(points)
        vol = points_to_volume(points, f, self.grid)
        return self.fc(self.conv(vol).flatten(1))
