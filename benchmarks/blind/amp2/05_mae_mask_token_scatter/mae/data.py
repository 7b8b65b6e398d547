import torch


def toy_images(n=512, size=32, seed=0):
    """Smooth random blobs + stripes, 3 channels, roughly zero-mean."""
    g = torch.Generator().manual_seed(seed)
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, size), torch.linspace(-1, 1, size), indexing="ij")
    imgs = torch.empty(n, 3, size, size)
    for i in range(n):
        cx, cy, r = (torch.rand(3, generator=g) * torch.tensor([1.6, 1.6, 0.5]) + torch.tensor([-0.8, -0.8, 0.2])).tolist()
        blob = torch.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / r ** 2)
        freq = 2 + 6 * torch.rand(1, generator=g).item()
        stripes = torch.sin(freq * 3.14 * (xx + yy))
        col = torch.rand(3, 1, 1, generator=g)
        imgs[i] = col * blob + 0.3 * stripes
    return imgs - imgs.mean()
