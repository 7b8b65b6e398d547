import numpy as np
import torch

from .data import FEATURES


class TabularCollator:
    """Turns a list of (feature dict, label) samples into a standardised
    feature matrix [B, n_features] and a label vector [B]."""

    def __init__(self, mean, std):
        self.mean = torch.as_tensor(mean, dtype=torch.float32)
        self.std = torch.as_tensor(std, dtype=torch.float32).clamp(min=1e-6)

    def __call__(self, batch):
        rows = [[feats[k] for k in FEATURES] for feats, _ in batch]
        x = (torch.tensor(np.array(rows), dtype=torch.float32) - self.mean) / self.std
        y = torch.tensor([label for _, label in batch], dtype=torch.float32)
        return {"features": x, "labels": y}
