import torch.nn as nn


class ContrastiveLoss(nn.Module):
    """Hadsell et al. 2006: pull matching pairs together, push others beyond a margin."""

    def __init__(self, margin=1.0):
        super().__init__()
        self.margin = margin

    def forward(self, dist, same):
        pos = same * dist.pow(2)
        neg = (1 - same) * (self.margin - dist).clamp_min(0).pow(2)
        return 0.5 * (pos + neg).mean()
