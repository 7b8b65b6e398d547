import os

import torch


def get_fake_mnist(n=1024, seed=0):
    """Synthetic 'digits': blurry blobs on a 28x28 canvas, scaled to [-1, 1]."""
    g = torch.Generator().manual_seed(seed)
    yy, xx = torch.meshgrid(torch.arange(28.0), torch.arange(28.0), indexing="ij")
    cx = torch.randint(8, 20, (n, 1, 1), generator=g).float()
    cy = torch.randint(8, 20, (n, 1, 1), generator=g).float()
    imgs = torch.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / 18.0)
    imgs = imgs + 0.05 * torch.randn(n, 28, 28, generator=g)
    return (imgs.clamp(0, 1) * 2 - 1).view(n, 784)


def real_labels(n):
    return torch.full((n, 1), 1.0)


def fake_labels(n):
    return torch.full((n, 1), 0.0)


def sample_noise(n, z_dim):
    return torch.randn(n, z_dim)


def save_samples(generator, z_dim, path, n=16):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with torch.no_grad():
        imgs = generator(sample_noise(n, z_dim)).view(n, 1, 28, 28)
    torch.save(imgs, path)
