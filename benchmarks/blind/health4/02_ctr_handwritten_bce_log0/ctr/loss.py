import torch


def bce_loss(logits, y):
    """Binary cross-entropy on the click probability."""
    p = torch.sigmoid(logits)
    return -(y * torch.log(p) + (1 - y) * torch.log(1 - p)).mean()
