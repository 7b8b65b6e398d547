import torch
import torch.nn as nn


def euclidean_distance(a, b):
    return torch.sqrt(((a - b) ** 2).sum(dim=1) + 1e-8)


class ContrastiveLoss(nn.Module):
    def __init__(self, margin=1.0):
        super().__init__()
        self.margin = margin

    def forward(self, emb1, emb2, same):
        d = euclidean_distance(emb1, emb2)
        pos = same * d.pow(2)
        neg = (1.0 - same) * torch.clamp(self.margin - d, min=0.0).pow(2)
        return 0.5 * (pos + neg).mean()
