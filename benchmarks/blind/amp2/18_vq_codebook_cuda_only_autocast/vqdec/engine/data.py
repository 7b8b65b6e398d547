import torch


def toy_digits(n=2048, img=16, seed=0):
    g = torch.Generator().manual_seed(seed)
    yy, xx = torch.meshgrid(torch.arange(img), torch.arange(img), indexing="ij")
    out = torch.zeros(n, img, img)
    for i in range(n):
        cx, cy = torch.randint(3, img - 3, (2,), generator=g).tolist()
        r = 2 + torch.rand(1, generator=g).item() * 3
        ring = ((xx - cx) ** 2 + (yy - cy) ** 2).float().sqrt()
        out[i] = torch.exp(-(ring - r) ** 2)
        if torch.rand(1, generator=g) < 0.5:
            out[i, cy, :] = 1.0
    return out
