import torch
from torch.utils.data import Dataset, DataLoader


def make_textures(n, size=24, n_classes=6, seed=0):
    """Oriented sinusoidal textures with class-dependent frequency/orientation + random colour."""
    g = torch.Generator().manual_seed(seed)
    ys, xs = torch.meshgrid(torch.linspace(0, 1, size), torch.linspace(0, 1, size), indexing="ij")
    labels = torch.randint(0, n_classes, (n,), generator=g)
    theta = labels.float() * (3.14159 / n_classes) + 0.1 * torch.randn(n, generator=g)
    freq = 4 + 2 * (labels % 3).float()
    phase = 6.28 * torch.rand(n, generator=g)
    proj = xs[None] * torch.cos(theta)[:, None, None] + ys[None] * torch.sin(theta)[:, None, None]
    pattern = 0.5 + 0.5 * torch.sin(6.28 * freq[:, None, None] * proj + phase[:, None, None])
    colour = torch.rand(n, 3, 1, 1, generator=g)
    return (pattern[:, None] * colour).clamp(0, 1), labels


class UnlabeledImages(Dataset):
    def __init__(self, images, transform):
        self.images = images
        self.transform = transform

    def __len__(self):
        return len(self.images)

    def __getitem__(self, i):
        return self.transform(self.images[i])


def build_pretrain_loader(images, transform, batch_size, workers, mp_context="spawn"):
    ds = UnlabeledImages(images, transform)
    kw = {}
    if workers > 0:
        kw = dict(multiprocessing_context=mp_context, persistent_workers=True, prefetch_factor=4)
    return DataLoader(ds, batch_size=batch_size, shuffle=True, drop_last=True, num_workers=workers, **kw)
