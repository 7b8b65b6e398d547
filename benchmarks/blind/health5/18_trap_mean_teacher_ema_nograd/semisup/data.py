import torch


def two_moons_like(n_labeled=40, n_unlabeled=1200, seed=0):
    """ECG-beat embeddings (2 classes), only a few beats annotated by the cardiologist."""
    g = torch.Generator().manual_seed(seed)
    n = n_labeled + n_unlabeled
    y = torch.randint(0, 2, (n,), generator=g)
    t = torch.rand(n, generator=g) * 3.14159
    x = torch.stack([torch.cos(t) + y * 1.0, torch.sin(t) * (1 - 2 * y) + y * 0.3], 1)
    x = torch.cat([x, 0.1 * torch.randn(n, 14, generator=g)], 1) + 0.1 * torch.randn(n, 16, generator=g)
    return (x[:n_labeled], y[:n_labeled]), x[n_labeled:]
