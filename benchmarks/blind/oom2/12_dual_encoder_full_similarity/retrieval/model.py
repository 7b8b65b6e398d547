import torch.nn as nn
import torch.nn.functional as F


class Tower(nn.Module):
    def __init__(self, dim, emb=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, 256), nn.ReLU(), nn.Linear(256, emb))

    def forward(self, x):
        return F.normalize(self.net(x), dim=-1)


class DualEncoder(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.q = Tower(dim)
        self.d = Tower(dim)
