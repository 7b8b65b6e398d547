import torch


def synthetic_fingerprints(n=6000, n_bits=256, seed=2):
    """Sparse binary fingerprints; the property depends on pairs of substructures."""
    g = torch.Generator().manual_seed(seed)
    X = (torch.rand(n, n_bits, generator=g) < 0.08).float()
    w = torch.randn(n_bits, generator=g) * 0.5
    pairs = torch.randint(0, n_bits, (40, 2), generator=g)
    inter = (X[:, pairs[:, 0]] * X[:, pairs[:, 1]]) @ (torch.randn(40, generator=g) * 3)
    y = X @ w + inter
    y = (y - y.mean()) / y.std()
    return X, y.unsqueeze(1)
