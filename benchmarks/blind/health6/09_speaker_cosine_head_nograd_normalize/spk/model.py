import torch
import torch.nn as nn
import torch.nn.functional as F

from .utils import l2_normalize


class TDNN(nn.Module):
    def __init__(self, n_mels=24, channels=64, emb_dim=32):
        super().__init__()
        self.frames = nn.Sequential(
            nn.Conv1d(n_mels, channels, 5, padding=2), nn.ReLU(), nn.BatchNorm1d(channels),
            nn.Conv1d(channels, channels, 3, dilation=2, padding=2), nn.ReLU(), nn.BatchNorm1d(channels),
        )
        self.embedding = nn.Linear(channels * 2, emb_dim)

    def forward(self, feats):
        h = self.frames(feats)
        stats = torch.cat([h.mean(-1), h.std(-1)], dim=1)
        return self.embedding(stats)


class AAMSoftmaxHead(nn.Module):
    def __init__(self, emb_dim, n_speakers, margin=0.2, scale=30.0):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(n_speakers, emb_dim) * 0.01)
        self.margin, self.scale = margin, scale

    def forward(self, emb, labels):
        cos = l2_normalize(emb) @ F.normalize(self.weight, dim=-1).t()
        theta = torch.acos(cos.clamp(-1 + 1e-7, 1 - 1e-7))
        target = torch.cos(theta + self.margin)
        onehot = F.one_hot(labels, cos.size(1)).bool()
        logits = torch.where(onehot, target, cos) * self.scale
        return F.cross_entropy(logits, labels)
