import numpy as np


def robust_scale(h):
    """Centre by the batch median and scale by the inter-quartile range (per feature)."""
    med = np.median(h, axis=0, keepdims=True)
    q75, q25 = np.percentile(h, [75, 25], axis=0, keepdims=True)
    return (h - med) / (q75 - q25 + 1e-6)
