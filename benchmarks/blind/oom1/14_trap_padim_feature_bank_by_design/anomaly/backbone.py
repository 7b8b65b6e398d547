import torch
import torch.nn as nn


class FeatureExtractor(nn.Module):
    """Stands in for a frozen pretrained CNN: two stages, features concatenated at 1/4 res."""

    def __init__(self):
        super().__init__()
        torch.manual_seed(1)
        self.s1 = nn.Sequential(nn.Conv2d(3, 32, 3, 2, 1), nn.ReLU(), nn.Conv2d(32, 32, 3, 2, 1), nn.ReLU())
        self.s2 = nn.Sequential(nn.Conv2d(32, 64, 3, 2, 1), nn.ReLU())
        for p in self.parameters():
            p.requires_grad_(False)

    def forward(self, x):
        f1 = self.s1(x)
        f2 = nn.functional.interpolate(self.s2(f1), size=f1.shape[-2:], mode="nearest")
        return torch.cat([f1, f2], 1)  # (B, 96, 16, 16)
