import torch
import torch.nn.functional as F


def tag_frequencies(dataset):
    return dataset.y.mean(0).clamp(0.05, 0.95)


def balanced_bce(probs, targets, tag_freq):
    """BCE where each positive is weighted by the inverse frequency of its tag."""
    weight = torch.where(targets > 0, 0.5 / tag_freq, 0.5 / (1 - tag_freq))
    return F.binary_cross_entropy(probs.clamp(1e-6, 1 - 1e-6), targets, weight=weight)


def f1_at(probs, targets, threshold):
    pred = (probs.float() >= threshold).float()
    tp = (pred * targets).sum()
    return (2 * tp / (pred.sum() + targets.sum()).clamp_min(1)).item()
