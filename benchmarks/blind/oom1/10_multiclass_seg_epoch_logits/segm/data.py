import torch


def make_scenes(n, size, n_classes, seed):
    """Piecewise-constant label maps made of random rectangles; image = class colour + noise."""
    g = torch.Generator().manual_seed(seed)
    labels = torch.zeros(n, size, size, dtype=torch.long)
    for i in range(n):
        for _ in range(4):
            c = int(torch.randint(1, n_classes, (1,), generator=g))
            y0, x0 = torch.randint(0, size - 24, (2,), generator=g).tolist()
            h, w = torch.randint(12, 40, (2,), generator=g).tolist()
            labels[i, y0:y0 + h, x0:x0 + w] = c
    palette = torch.rand(n_classes, 3, generator=g)
    images = palette[labels].permute(0, 3, 1, 2) + 0.2 * torch.randn(n, 3, size, size, generator=g)
    return images, labels


def iterate(images, labels, bs, shuffle=False):
    order = torch.randperm(len(images)) if shuffle else torch.arange(len(images))
    for s in range(0, len(images), bs):
        idx = order[s:s + bs]
        yield images[idx], labels[idx]
