import torch
import torch.nn.functional as F


def bce_loss(logits, y):
    """Binary cross-entropy on the click probability."""
    return F.binary_cross_entropy_with_logits(logits, y)
