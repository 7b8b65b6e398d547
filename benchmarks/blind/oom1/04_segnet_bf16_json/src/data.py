import torch


def synthetic_blobs(n, size, seed):
    """Images with 1-3 bright discs on noise; mask marks the discs."""
    g = torch.Generator().manual_seed(seed)
    yy, xx = torch.meshgrid(torch.arange(size), torch.arange(size), indexing="ij")
    imgs = torch.randn(n, 3, size, size, generator=g) * 0.3
    masks = torch.zeros(n, 1, size, size)
    for i in range(n):
        for _ in range(int(torch.randint(1, 4, (1,), generator=g))):
            cy, cx = torch.randint(16, size - 16, (2,), generator=g).tolist()
            r = float(torch.randint(6, 16, (1,), generator=g))
            disc = ((yy - cy) ** 2 + (xx - cx) ** 2) < r * r
            masks[i, 0][disc] = 1.0
    imgs += masks
    return imgs, masks


def batches(imgs, masks, batch_size, shuffle=True):
    idx = torch.randperm(len(imgs)) if shuffle else torch.arange(len(imgs))
    for s in range(0, len(imgs), batch_size):
        j = idx[s:s + batch_size]
        yield imgs[j], masks[j]
