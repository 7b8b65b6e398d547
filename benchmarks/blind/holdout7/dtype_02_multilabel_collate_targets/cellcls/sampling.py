import numpy as np
import torch
from torch.utils.data import WeightedRandomSampler


def rare_label_sampler(items, n_classes, num_samples=None):
    counts = np.zeros(n_classes)
    for _, labels in items:
        for c in labels:
            counts[c] += 1
    inv = 1.0 / np.maximum(counts, 1)
    weights = [max(inv[c] for c in labels) for _, labels in items]
    return WeightedRandomSampler(torch.tensor(weights, dtype=torch.double),
                                 num_samples=num_samples or len(items), replacement=True)
