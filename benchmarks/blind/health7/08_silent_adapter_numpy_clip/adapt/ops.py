import numpy as np
import torch


def clip_features(x, limit=5.0):
    """Clamp outlier activations coming out of the adapter (keeps the head stable early on)."""
    clipped = np.clip(x.detach().cpu().numpy(), -limit, limit)
    return torch.from_numpy(clipped).to(x.device, x.dtype)


def l2_normalize(x, eps=1e-6):
    return x / (x.norm(dim=-1, keepdim=True) + eps)
