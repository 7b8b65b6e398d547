import math

import torch
import torch.nn.functional as F


class MemoryBank:
    """One L2-normalised feature per training instance (Wu et al. 2018, non-parametric instance discrimination)."""

    def __init__(self, n_instances, dim, momentum=0.5, seed=0):
        g = torch.Generator().manual_seed(seed)
        stdv = 1.0 / math.sqrt(dim / 3)
        self.features = F.normalize(torch.rand(n_instances, dim, generator=g).mul_(2 * stdv).add_(-stdv), dim=1)
        self.momentum = momentum

    @torch.no_grad()
    def sample_negatives(self, k, g):
        idx = torch.randint(0, self.features.size(0), (k,), generator=g)
        return self.features[idx]

    @torch.no_grad()
    def update(self, idx, feats):
        mixed = self.features[idx] * self.momentum + feats.detach() * (1 - self.momentum)
        self.features[idx] = F.normalize(mixed, dim=1)
