import torch
import torch.nn.functional as F


def nt_xent(z1, z2, temperature=0.5):
    n = z1.shape[0]
    z = torch.cat([z1, z2], dim=0)
    sim = z @ z.t() / temperature
    sim.fill_diagonal_(float('-inf'))
    targets = torch.cat([torch.arange(n, 2 * n), torch.arange(0, n)])
    return F.cross_entropy(sim, targets)
