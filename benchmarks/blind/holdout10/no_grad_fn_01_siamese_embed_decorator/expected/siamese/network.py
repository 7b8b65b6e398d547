import torch
import torch.nn as nn
import torch.nn.functional as F


class ConvTower(nn.Module):
    def __init__(self, channels=(16, 32, 64), emb_dim=32):
        super().__init__()
        layers, cin = [], 1
        for c in channels:
            layers += [nn.Conv1d(cin, c, 5, padding=2), nn.BatchNorm1d(c), nn.ReLU(), nn.MaxPool1d(2)]
            cin = c
        self.conv = nn.Sequential(*layers)
        self.fc = nn.Linear(cin, emb_dim)

    def forward(self, x):
        return self.fc(self.conv(x).mean(-1))


class SiameseNet(nn.Module):
    def __init__(self, emb_dim=32):
        super().__init__()
        self.tower = ConvTower(emb_dim=emb_dim)

    def embed(self, x):
        return F.normalize(self.tower(x), dim=-1)

    def forward(self, a, b):
        return (self.embed(a) - self.embed(b)).pow(2).sum(-1).clamp_min(1e-12).sqrt()
