import torch
import torch.nn as nn


class StreamSpatialTemporal(nn.Module):
    """Small temporal-conv stand-in for TwoStreamSpatialTemporalGraph."""
    def __init__(self, in_channels, num_joints, num_class):
        super().__init__()
        self.data_bn = nn.BatchNorm1d(in_channels * num_joints)
        self.tcn = nn.Sequential(
            nn.Conv1d(in_channels * num_joints, 64, 5, padding=2), nn.ReLU(),
            nn.Conv1d(64, 64, 5, padding=2, stride=2), nn.ReLU(),
        )
        self.cls = nn.Linear(64, num_class)

    def forward(self, x):
        # x: (N, C, T, V)
        N, C, T, V = x.size()
        x = x.permute(0, 1, 3, 2).reshape(N, C * V, T)
        x = self.data_bn(x)
        x = self.tcn(x).mean(-1)
        return torch.sigmoid(self.cls(x))
