import torch
from torch.utils.data import TensorDataset


def synth_interactions(n_users=300, n_items=200, dim=8, per_user=6, seed=11):
    g = torch.Generator().manual_seed(seed)
    u_lat = torch.randn(n_users, dim, generator=g)
    i_lat = torch.randn(n_items, dim, generator=g)
    scores = u_lat @ i_lat.T + 0.5 * torch.randn(n_users, n_items, generator=g)
    top = scores.topk(per_user, dim=1).indices
    users = torch.arange(n_users).repeat_interleave(per_user)
    items = top.reshape(-1)
    return TensorDataset(users, items), n_users, n_items
