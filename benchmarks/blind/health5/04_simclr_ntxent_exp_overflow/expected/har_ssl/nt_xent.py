import torch
import torch.nn.functional as F


def nt_xent(z1, z2, temperature=0.1):
    """NT-Xent (SimCLR) loss over a batch of 2N projections; positives are (i, i+N)."""
    n = z1.size(0)
    z = F.normalize(torch.cat([z1, z2], dim=0), dim=1)  # cosine similarity
    sim = z @ z.t() / temperature
    exp_sim = torch.exp(sim)
    self_mask = torch.eye(2 * n, dtype=torch.bool)
    denom = exp_sim.masked_fill(self_mask, 0.0).sum(dim=1)
    pos_idx = torch.cat([torch.arange(n, 2 * n), torch.arange(0, n)])
    pos = exp_sim[torch.arange(2 * n), pos_idx]
    return -torch.log(pos / denom).mean()
