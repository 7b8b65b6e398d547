import torch
from torch.utils.data import DataLoader, TensorDataset


def synthetic_ratings(n_users, n_items, n_ratings, true_rank=4, seed=0):
    g = torch.Generator().manual_seed(seed)
    u_f = torch.randn(n_users, true_rank, generator=g)
    i_f = torch.randn(n_items, true_rank, generator=g)
    users = torch.randint(0, n_users, (n_ratings,), generator=g)
    items = torch.randint(0, n_items, (n_ratings,), generator=g)
    scores = (u_f[users] * i_f[items]).sum(1) / true_rank ** 0.5
    ratings = (3.0 + scores + 0.3 * torch.randn(n_ratings, generator=g)).clamp(1.0, 5.0)
    return users, items, ratings


def split_loaders(cfg):
    users, items, ratings = synthetic_ratings(cfg.n_users, cfg.n_items, cfg.n_ratings, seed=cfg.seed)
    n_val = len(ratings) // 10
    train = TensorDataset(users[n_val:], items[n_val:], ratings[n_val:])
    val = TensorDataset(users[:n_val], items[:n_val], ratings[:n_val])
    return (
        DataLoader(train, batch_size=cfg.batch_size, shuffle=True),
        DataLoader(val, batch_size=1024),
    )
