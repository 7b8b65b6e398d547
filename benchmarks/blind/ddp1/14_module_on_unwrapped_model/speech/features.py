import torch
from torch.utils.data import TensorDataset


def fake_mfcc(n=256, n_feats=13, frames=20, n_cmds=5, seed=3):
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, n_cmds, (n,), generator=g)
    proto = torch.randn(n_cmds, n_feats, frames, generator=g)
    x = proto[y] + 0.8 * torch.randn(n, n_feats, frames, generator=g)
    return TensorDataset(x, y)
