import torch
import torch.nn as nn
import torch.nn.functional as F


class Unit3D(nn.Module):
    def __init__(self, in_channels, output_channels, kernel_shape=(3, 3, 3), stride=(1, 1, 1)):
        super().__init__()
        pad = tuple(k // 2 for k in kernel_shape)
        self.conv3d = nn.Conv3d(in_channels, output_channels, kernel_shape, stride=stride, padding=pad)

    def forward(self, x):
        return F.relu(self.conv3d(x))


class InceptionI3d(nn.Module):
    """A very small I3D-style network: per-frame logits of shape (B, num_classes, T)."""

    def __init__(self, num_classes=400, in_channels=3):
        super().__init__()
        self._num_classes = num_classes
        self.conv1 = Unit3D(in_channels, 16, (3, 3, 3), (1, 2, 2))
        self.conv2 = Unit3D(16, 32, (3, 3, 3), (1, 2, 2))
        self.dropout = nn.Dropout(0.1)
        self.logits = nn.Conv3d(32, num_classes, kernel_size=1)

    def replace_logits(self, num_classes):
        self._num_classes = num_classes
        self.logits = nn.Conv3d(32, num_classes, kernel_size=1)

    def forward(self, x):
        x = self.conv2(self.conv1(x))
        x = F.adaptive_avg_pool3d(x, (x.size(2), 1, 1))
        x = self.logits(self.dropout(x))
        return x.squeeze(3).squeeze(3)
