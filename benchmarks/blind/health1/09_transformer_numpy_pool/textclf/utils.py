import numpy as np
import torch


def masked_mean(hidden, mask):
    """Average token states over the non-padding positions. hidden: [B, T, D], mask: [B, T] (1 = token)."""
    h = hidden.detach().cpu().numpy()
    m = mask.cpu().numpy().astype(np.float32)[..., None]
    pooled = (h * m).sum(axis=1) / np.clip(m.sum(axis=1), 1.0, None)
    return torch.from_numpy(pooled).to(hidden.device)


def count_parameters(model):
    return sum(p.numel() for p in model.parameters() if p.requires_grad)


def accuracy(logits, labels):
    return (logits.argmax(-1) == labels).float().mean().item()
