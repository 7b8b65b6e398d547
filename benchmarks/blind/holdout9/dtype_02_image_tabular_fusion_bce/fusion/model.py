import torch
import torch.nn as nn


class ImageBranch(nn.Module):
    def __init__(self, out_dim=32):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
        )
        self.proj = nn.Linear(32, out_dim)

    def forward(self, x):
        return self.proj(self.features(x).flatten(1))


class TabularBranch(nn.Module):
    def __init__(self, in_dim, out_dim=32):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(in_dim, 64), nn.ReLU(), nn.Linear(64, out_dim))

    def forward(self, x):
        return self.mlp(x)


class LateFusionClassifier(nn.Module):
    def __init__(self, tab_dim):
        super().__init__()
        self.image = ImageBranch()
        self.tab = TabularBranch(tab_dim)
        self.head = nn.Sequential(nn.ReLU(), nn.Dropout(0.2), nn.Linear(64, 1))

    def forward(self, image, tabular):
        z = torch.cat([self.image(image), self.tab(tabular)], dim=1)
        return self.head(z).squeeze(1)
