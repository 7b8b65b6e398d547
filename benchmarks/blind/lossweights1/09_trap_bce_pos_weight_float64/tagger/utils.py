import numpy as np
import torch


def positive_weights(targets: np.ndarray, clip: float = 20.0) -> torch.Tensor:
    """pos_weight for BCEWithLogitsLoss: #negatives / #positives per tag."""
    pos = targets.sum(0)
    neg = len(targets) - pos
    return torch.as_tensor(np.clip(neg / np.maximum(pos, 1.0), 1.0, clip), dtype=torch.float64)


def micro_f1(logits, targets):
    pred = (logits > 0).float()
    tp = (pred * targets).sum()
    return (2 * tp / (pred.sum() + targets.sum()).clamp(min=1)).item()
