import torch
import torch.nn as nn


class FeatureQueue(nn.Module):
    """Ring buffer of negative keys for contrastive learning (MoCo-style)."""

    def __init__(self, dim, size):
        super().__init__()
        self.size = size
        self.register_buffer("keys", nn.functional.normalize(torch.randn(size, dim), dim=1))
        self.register_buffer("ptr", torch.zeros((), dtype=torch.long))

    @torch.no_grad()
    def enqueue(self, k):
        n = k.shape[0]
        slots = (self.ptr + torch.arange(n)) % self.size
        self.keys[slots] = k
        self.ptr.copy_((self.ptr + n) % self.size)
