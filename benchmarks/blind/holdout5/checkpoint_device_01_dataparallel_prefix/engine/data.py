import torch
from torch.utils.data import TensorDataset


def glyph_templates(num_classes, size, generator):
    """One random low-frequency 'glyph' template per class."""
    coarse = torch.rand(num_classes, 1, 7, 7, generator=generator)
    coarse = (coarse > 0.55).float()
    return torch.nn.functional.interpolate(coarse, size=(size, size), mode="bilinear", align_corners=False)


def make_glyph_dataset(n, num_classes, size, seed):
    g = torch.Generator().manual_seed(seed)
    templates = glyph_templates(num_classes, size, torch.Generator().manual_seed(1000))
    labels = torch.randint(0, num_classes, (n,), generator=g)
    shifts = torch.randint(-2, 3, (n, 2), generator=g)
    imgs = torch.empty(n, 1, size, size)
    for i in range(n):
        img = torch.roll(templates[labels[i]], shifts=tuple(shifts[i].tolist()), dims=(1, 2))
        imgs[i] = img + 0.25 * torch.randn(1, size, size, generator=g)
    imgs = (imgs - imgs.mean()) / imgs.std()
    return TensorDataset(imgs, labels)
