import torch


def reverse_task(n=3000, length=8, seed=0):
    g = torch.Generator().manual_seed(seed)
    src = torch.randint(2, 12, (n, length), generator=g)
    return src, src.flip(1)
