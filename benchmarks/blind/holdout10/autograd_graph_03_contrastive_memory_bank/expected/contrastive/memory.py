import torch
import torch.nn.functional as F


class MemoryBank:
    """FIFO queue of past key embeddings used as extra negatives."""

    def __init__(self, dim, size=1024, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.queue = F.normalize(torch.randn(size, dim, generator=g), dim=1)
        self.size = size
        self.ptr = 0

    def enqueue(self, keys):
        keys = keys.detach()
        n = keys.size(0)
        end = self.ptr + n
        if end <= self.size:
            self.queue[self.ptr:end] = keys
        else:
            first = self.size - self.ptr
            self.queue[self.ptr:] = keys[:first]
            self.queue[:n - first] = keys[first:]
        self.ptr = end % self.size

    def negatives(self):
        return self.queue
