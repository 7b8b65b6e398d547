import torch
import torch.nn as nn


class BinaryFocalLoss(nn.Module):
    """Lin et al. 2017, for the heavily imbalanced churn label."""

    def __init__(self, alpha=0.25, gamma=2.0, eps=1e-6):
        super().__init__()
        self.alpha, self.gamma, self.eps = alpha, gamma, eps

    def forward(self, logits, targets):
        prob = torch.sigmoid(logits)
        neg = targets < 0.5
        p = torch.where(neg, 1.0 - prob, prob)
        alpha_t = torch.where(neg, torch.full_like(p, 1 - self.alpha), torch.full_like(p, self.alpha))
        loss = -alpha_t * (1.0 - p).pow(self.gamma) * torch.log(p.clamp_min(self.eps))
        return loss.mean()


def build_loss(cfg):
    if cfg["name"] == "focal":
        return BinaryFocalLoss(cfg.get("alpha", 0.25), cfg.get("gamma", 2.0))
    if cfg["name"] == "bce":
        return nn.BCEWithLogitsLoss(pos_weight=torch.tensor(cfg.get("pos_weight", 1.0)))
    raise ValueError(f"unknown loss {cfg['name']}")
