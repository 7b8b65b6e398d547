import numpy as np
import torch


def weighted_bce(logits, targets, pos_weight, eps=1e-7):
    """BCE with a per-tag positive weight (tags are very imbalanced)."""
    p = torch.sigmoid(logits)
    t = targets
    w = pos_weight[None, :]
    p = torch.clamp(p, eps, 1.0 - eps)
    loss = -(w * t * torch.log(p) + (1.0 - t) * torch.log(1.0 - p))
    return loss.mean()
