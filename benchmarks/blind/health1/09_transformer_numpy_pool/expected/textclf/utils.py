import numpy as np
import torch


def masked_mean(hidden, mask):
    """Average token states over the non-padding positions. hidden: [B, T, D], mask: [B, T] (1 = token)."""
    m = mask.unsqueeze(-1).to(hidden.dtype)
    return (hidden * m).sum(dim=1) / m.sum(dim=1).clamp_min(1.0)


def count_parameters(model):
    return sum(p.numel() for p in model.parameters() if p.requires_grad)


def accuracy(logits, labels):
    return (logits.argmax(-1) == labels).float().mean().item()
