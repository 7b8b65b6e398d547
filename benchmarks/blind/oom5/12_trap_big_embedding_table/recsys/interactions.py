import torch
from torch.utils.data import TensorDataset


def synthetic_ratings(num_users, num_items, n, seed=0):
    g = torch.Generator().manual_seed(seed)
    users = torch.randint(0, num_users, (n,), generator=g)
    items = torch.randint(0, 2000, (n,), generator=g) * (num_items // 2000)
    taste = (users % 7).float() - 3
    genre = (items // (num_items // 7) % 7).float() - 3
    ratings = 3 + 0.3 * taste * genre / 3 + 0.2 * torch.randn(n, generator=g)
    return TensorDataset(users, items, ratings)
