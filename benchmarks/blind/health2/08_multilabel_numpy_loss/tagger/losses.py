import numpy as np
import torch


def weighted_bce(logits, targets, pos_weight, eps=1e-7):
    """BCE with a per-tag positive weight (tags are very imbalanced)."""
    p = torch.sigmoid(logits).detach().cpu().numpy()
    t = targets.cpu().numpy()
    w = pos_weight.cpu().numpy()[None, :]
    p = np.clip(p, eps, 1.0 - eps)
    loss = -(w * t * np.log(p) + (1.0 - t) * np.log(1.0 - p))
    return torch.tensor(loss.mean(), dtype=torch.float32, requires_grad=True)
