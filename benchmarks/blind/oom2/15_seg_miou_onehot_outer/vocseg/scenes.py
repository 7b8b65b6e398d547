import torch


def random_scenes(n, size, num_classes, seed):
    """Piecewise-constant label maps (random rectangles); image = class colour + noise."""
    g = torch.Generator().manual_seed(seed)
    palette = torch.rand(num_classes, 3, generator=g)
    labels = torch.zeros(n, size, size, dtype=torch.long)
    for i in range(n):
        for _ in range(6):
            c = int(torch.randint(1, num_classes, (1,), generator=g))
            y0, x0 = torch.randint(0, size - 16, (2,), generator=g).tolist()
            h, w = torch.randint(8, size // 2, (2,), generator=g).tolist()
            labels[i, y0:y0 + h, x0:x0 + w] = c
    images = palette[labels].permute(0, 3, 1, 2) + 0.1 * torch.randn(n, 3, size, size, generator=g)
    return images, labels
