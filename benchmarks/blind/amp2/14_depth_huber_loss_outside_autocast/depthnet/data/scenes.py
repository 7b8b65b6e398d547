import torch


def make_scenes(n, res=32, seed=0):
    """Toy scenes: a tilted ground plane + 1-3 boxes at random depths. RGB is a shaded rendering."""
    g = torch.Generator().manual_seed(seed)
    yy, xx = torch.meshgrid(torch.linspace(0, 1, res), torch.linspace(0, 1, res), indexing="ij")
    rgb = torch.empty(n, 3, res, res)
    depth = torch.empty(n, 1, res, res)
    for i in range(n):
        d = 2.0 + 6.0 * (1 - yy) + 0.5 * torch.rand(1, generator=g)
        for _ in range(int(torch.randint(1, 4, (1,), generator=g))):
            x0, y0 = torch.randint(0, res - 8, (2,), generator=g).tolist()
            w, h = torch.randint(4, 9, (2,), generator=g).tolist()
            d[y0:y0 + h, x0:x0 + w] = 1.0 + 3.0 * torch.rand(1, generator=g)
        depth[i, 0] = d
        shade = 1.0 / d
        col = torch.rand(3, 1, 1, generator=g)
        rgb[i] = col * shade * 3 + 0.05 * torch.randn(3, res, res, generator=g)
    return rgb, depth
