import torch
import torch.nn.functional as F


def smooth_one_hot(targets, num_classes, smoothing=0.1):
    """Turn class indices into smoothed target distributions."""
    off = smoothing / (num_classes - 1)
    dist = F.one_hot(targets, num_classes).float()
    return dist * (1.0 - smoothing - off) + off


def soft_cross_entropy(logits, soft_targets):
    return torch.sum(-soft_targets * F.log_softmax(logits, dim=-1), dim=-1).mean()
