import torch


def micro_f1(logits, targets, threshold=0.0):
    pred = (logits > threshold).float()
    tp = (pred * targets).sum()
    fp = (pred * (1 - targets)).sum()
    fn = ((1 - pred) * targets).sum()
    return (2 * tp / (2 * tp + fp + fn).clamp(min=1)).item()
