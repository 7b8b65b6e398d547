"""Byte-level synthetic 'documents': label = which motif appears most often."""
import torch
from torch.utils.data import TensorDataset

MOTIFS = [b"alpha", b"omega", b"delta", b"sigma"]


def build(n, seq_len, seed=0):
    g = torch.Generator().manual_seed(seed)
    x = torch.randint(32, 127, (n, seq_len), generator=g)
    y = torch.randint(0, len(MOTIFS), (n,), generator=g)
    for i in range(n):
        motif = torch.tensor(list(MOTIFS[int(y[i])]))
        for pos in torch.randint(0, seq_len - len(motif), (6,), generator=g):
            x[i, pos:pos + len(motif)] = motif
    return TensorDataset(x, y)
