import torch
import torch.nn.functional as F


def binary_cross_entropy(logits, target):
    """Plain BCE, written out so we can add per-sample weights later."""
    loss = F.binary_cross_entropy_with_logits(logits, target, reduction="none")
    return loss.mean()


def logloss_metric(logits, target):
    with torch.no_grad():
        return binary_cross_entropy(logits, target).item()
