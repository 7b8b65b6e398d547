import torch
import torch.nn as nn


def euclidean_distance(x, y):
    return torch.sqrt(torch.sum((x - y) ** 2, dim=1))


class ContrastiveLoss(nn.Module):
    """Hadsell et al. 2006: same -> d^2, different -> max(0, m - d)^2."""

    def __init__(self, margin=2.0):
        super().__init__()
        self.margin = margin

    def forward(self, e1, e2, same):
        d = euclidean_distance(e1, e2)
        pos = same * d.pow(2)
        neg = (1 - same) * torch.clamp(self.margin - d, min=0.0).pow(2)
        return 0.5 * (pos + neg).mean()
