import torch
import torch.nn as nn
import torch.nn.functional as F


class EMACenterLoss(nn.Module):
    """Center loss with class centers kept as EMA buffers (no gradient to the centers)."""

    def __init__(self, num_classes, feat_dim, momentum=0.9):
        super().__init__()
        self.momentum = momentum
        self.register_buffer("centers", torch.zeros(num_classes, feat_dim))
        self.register_buffer("initialized", torch.zeros(num_classes, dtype=torch.bool))

    def forward(self, feats, labels):
        feats = F.normalize(feats, dim=1)
        loss = (feats - self.centers[labels]).pow(2).sum(1).mean()
        if self.training:
            self._update(feats.detach(), labels)
        return loss

    @torch.no_grad()
    def _update(self, feats, labels):
        n_cls = self.centers.shape[0]
        sums = torch.zeros_like(self.centers)
        sums.index_add_(0, labels, feats.to(sums.dtype))
        counts = torch.bincount(labels, minlength=n_cls).clamp(min=1).unsqueeze(1).to(sums.dtype)
        batch_means = F.normalize(sums / counts, dim=1)
        present = torch.bincount(labels, minlength=n_cls) > 0
        fresh = present & ~self.initialized
        self.centers[fresh] = batch_means[fresh]
        old = present & self.initialized
        self.centers[old] = self.momentum * self.centers[old] + (1 - self.momentum) * batch_means[old]
        self.initialized |= present
