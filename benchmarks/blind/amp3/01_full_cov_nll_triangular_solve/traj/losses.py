import math

import torch
import torch.nn as nn


class MultivariateGaussianNLL(nn.Module):
    """NLL of targets under N(mu, L L^T), L lower-triangular with positive diagonal."""

    def __init__(self, dim: int, min_std: float = 1e-3):
        super().__init__()
        self.dim = dim
        self.min_std = min_std
        self.register_buffer("tril_idx", torch.tril_indices(dim, dim), persistent=False)

    def scale_tril(self, raw):
        b = raw.shape[0]
        L = raw.new_zeros(b, self.dim, self.dim)
        L[:, self.tril_idx[0], self.tril_idx[1]] = raw
        diag = nn.functional.softplus(torch.diagonal(L, dim1=-2, dim2=-1)) + self.min_std
        return torch.tril(L, diagonal=-1) + torch.diag_embed(diag)

    def forward(self, mu, raw_tril, target):
        L = self.scale_tril(raw_tril)
        diff = (target - mu).unsqueeze(-1)
        z = torch.linalg.solve_triangular(L, diff, upper=False).squeeze(-1)
        half_logdet = torch.log(torch.diagonal(L, dim1=-2, dim2=-1)).sum(-1)
        nll = 0.5 * (z ** 2).sum(-1) + half_logdet + 0.5 * self.dim * math.log(2 * math.pi)
        return nll.mean()
