import torch


@torch.no_grad()
def extract(encoder, x):
    """Frozen-encoder features for the linear probe (no graph is needed)."""
    return encoder(x)
