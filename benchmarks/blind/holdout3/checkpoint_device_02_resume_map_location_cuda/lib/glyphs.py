import torch


def make_glyphs(n, side=16, seed=0):
    """Random strokes on a small canvas: a stand-in for handwritten digits."""
    g = torch.Generator().manual_seed(seed)
    imgs = torch.zeros(n, side * side)
    coords = torch.linspace(0, 1, side)
    yy, xx = torch.meshgrid(coords, coords, indexing="ij")
    for i in range(n):
        canvas = torch.zeros(side, side)
        for _ in range(int(torch.randint(1, 4, (1,), generator=g))):
            p0, p1 = torch.rand(2, generator=g), torch.rand(2, generator=g)
            d = p1 - p0
            t = (((xx - p0[0]) * d[0] + (yy - p0[1]) * d[1]) / (d @ d + 1e-6)).clamp(0, 1)
            dist = (xx - p0[0] - t * d[0]) ** 2 + (yy - p0[1] - t * d[1]) ** 2
            canvas = torch.maximum(canvas, torch.exp(-dist / 0.003))
        imgs[i] = canvas.flatten()
    return imgs
