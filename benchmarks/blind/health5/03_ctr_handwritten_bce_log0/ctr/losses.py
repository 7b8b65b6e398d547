import torch


def binary_cross_entropy(logits, target):
    """Plain BCE, written out so we can add per-sample weights later."""
    p = torch.sigmoid(logits)
    loss = -(target * torch.log(p) + (1 - target) * torch.log(1 - p))
    return loss.mean()


def logloss_metric(logits, target):
    with torch.no_grad():
        return binary_cross_entropy(logits, target).item()
