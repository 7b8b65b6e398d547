import torch


def synthetic_ratings(n_users=300, n_items=200, n_ratings=12000, rank=4, seed=0):
    """Explicit 1-5 star ratings generated from a low-rank taste model."""
    g = torch.Generator().manual_seed(seed)
    U = torch.randn(n_users, rank, generator=g)
    V = torch.randn(n_items, rank, generator=g)
    users = torch.randint(0, n_users, (n_ratings,), generator=g)
    items = torch.randint(0, n_items, (n_ratings,), generator=g)
    raw = (U[users] * V[items]).sum(-1) + 0.3 * torch.randn(n_ratings, generator=g)
    ratings = (3.0 + raw).clamp(1.0, 5.0)
    return users, items, ratings, n_users, n_items
