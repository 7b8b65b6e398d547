import torch


def robust_scale(h):
    """Centre by the batch median and scale by the inter-quartile range (per feature)."""
    med = h.median(dim=0, keepdim=True).values
    q = torch.quantile(h, torch.tensor([0.75, 0.25], dtype=h.dtype, device=h.device), dim=0, keepdim=True)
    return (h - med) / (q[0] - q[1] + 1e-6)
