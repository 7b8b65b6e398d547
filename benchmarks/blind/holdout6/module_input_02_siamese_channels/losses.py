import torch
import torch.nn as nn


class ContrastiveLoss(nn.Module):
    """Hadsell et al. 2006 margin-based contrastive loss."""

    def __init__(self, margin=1.0):
        super().__init__()
        self.margin = margin

    def forward(self, dist, same):
        pos = same * dist.pow(2)
        neg = (1 - same) * torch.clamp(self.margin - dist, min=0).pow(2)
        return 0.5 * (pos + neg).mean()
