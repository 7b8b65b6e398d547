import torch
from torch.utils.data import DataLoader, TensorDataset

GLYPHS = [
    [(2, 2, 9, 3), (2, 8, 9, 9)],
    [(5, 1, 6, 10)],
    [(1, 2, 10, 3), (8, 2, 9, 10), (1, 9, 10, 10)],
    [(1, 1, 3, 10), (8, 1, 10, 10), (1, 5, 10, 6)],
    [(3, 3, 8, 8)],
    [(1, 1, 10, 2), (1, 1, 2, 10)],
]


def render(n, seed, size=12):
    g = torch.Generator().manual_seed(seed)
    labels = torch.randint(0, len(GLYPHS), (n,), generator=g)
    images = 0.3 * torch.randn(n, 1, size, size, generator=g)
    for i, y in enumerate(labels.tolist()):
        dy, dx = torch.randint(-1, 2, (2,), generator=g).tolist()
        for r0, c0, r1, c1 in GLYPHS[y]:
            images[i, 0, max(r0 + dy, 0):r1 + dy, max(c0 + dx, 0):c1 + dx] += 1.0
    return images, labels


def get_loaders(batch_size, seed=0):
    xtr, ytr = render(320, seed)
    xva, yva = render(96, seed + 1)
    return {
        "train": DataLoader(TensorDataset(xtr, ytr), batch_size=batch_size, shuffle=True),
        "val": DataLoader(TensorDataset(xva, yva), batch_size=batch_size),
    }
