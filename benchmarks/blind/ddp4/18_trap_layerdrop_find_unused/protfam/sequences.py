import torch
from torch.utils.data import TensorDataset

AMINO = "ACDEFGHIKLMNPQRSTVWY"


def make_families(n=320, length=32, families=4, seed=0):
    """Each family has a conserved motif planted at a random position of a random sequence."""
    g = torch.Generator().manual_seed(seed)
    motifs = torch.randint(1, len(AMINO) + 1, (families, 6), generator=g)
    y = torch.randint(0, families, (n,), generator=g)
    x = torch.randint(1, len(AMINO) + 1, (n, length), generator=g)
    pos = torch.randint(0, length - 6, (n,), generator=g)
    for i in range(n):
        x[i, pos[i] : pos[i] + 6] = motifs[y[i]]
    return TensorDataset(x, y)
