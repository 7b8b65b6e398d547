import torch


def micro_f1(logits, labels, threshold=0.0):
    pred = (logits > threshold).float()
    labels = labels.float()
    tp = (pred * labels).sum()
    fp = (pred * (1 - labels)).sum()
    fn = ((1 - pred) * labels).sum()
    return (2 * tp / (2 * tp + fp + fn).clamp(min=1)).item()
