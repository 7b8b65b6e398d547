import torch
import torch.nn.functional as F


class BF16MemoryBank:
    """One L2-normalised vector per training instance, stored in bfloat16 to halve memory.
    Writes are cast to the bank dtype; reads are upcast to float32."""

    def __init__(self, n, dim, momentum=0.5):
        self.bank = F.normalize(torch.randn(n, dim), dim=1).to(torch.bfloat16)
        self.momentum = momentum

    def get(self, idx):
        return self.bank[idx].float()

    @torch.no_grad()
    def update(self, idx, z):
        mixed = self.momentum * self.get(idx) + (1 - self.momentum) * z.float()
        self.bank.index_copy_(0, idx, F.normalize(mixed, dim=1).to(self.bank.dtype))
