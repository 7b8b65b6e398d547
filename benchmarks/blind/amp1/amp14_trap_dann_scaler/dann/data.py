import torch
from torch.utils.data import TensorDataset


def two_domains(n_src=480, n_tgt=480, dim=12, seed=0):
    g = torch.Generator().manual_seed(seed)
    centers = 2.5 * torch.randn(3, dim, generator=g)
    rot = torch.linalg.qr(torch.randn(dim, dim, generator=g))[0]
    ys = torch.randint(0, 3, (n_src,), generator=g)
    yt = torch.randint(0, 3, (n_tgt,), generator=g)
    xs = centers[ys] + torch.randn(n_src, dim, generator=g)
    # target domain: slightly rotated, shifted and rescaled
    xt = (centers[yt] + torch.randn(n_tgt, dim, generator=g)) @ (0.7 * torch.eye(dim) + 0.3 * rot) * 1.3 + 0.5
    return TensorDataset(xs, ys), TensorDataset(xt, yt)
