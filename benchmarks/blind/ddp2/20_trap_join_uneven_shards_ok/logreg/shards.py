import torch


def load_shard(rank, n_features=10, seed=0):
    """Shard sizes differ per rank on purpose (rank 0: 700 rows, rank 1: 400 rows)."""
    sizes = [700, 400, 500, 600]
    g = torch.Generator().manual_seed(seed)
    w_true = torch.randn(n_features, generator=g)
    g_r = torch.Generator().manual_seed(seed + 1 + rank)
    n = sizes[rank % len(sizes)]
    x = torch.randn(n, n_features, generator=g_r)
    y = (x @ w_true + 0.3 * torch.randn(n, generator=g_r) > 0).float()
    return x, y


def batches(x, y, bs):
    for i in range(0, len(y), bs):
        yield x[i:i + bs], y[i:i + bs]
