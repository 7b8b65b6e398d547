import torch
from torch.utils.data import TensorDataset


def _render(cls, n, size, g):
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, size), torch.linspace(-1, 1, size), indexing="ij")
    patterns = [torch.sin(6 * xx), torch.sin(6 * yy), torch.sin(6 * (xx + yy)), torch.cos(8 * (xx ** 2 + yy ** 2))]
    base = patterns[cls].expand(n, 3, size, size)
    return base + 0.7 * torch.randn(n, 3, size, size, generator=g)


def build_datasets(cfg):
    g = torch.Generator().manual_seed(0)
    xs, ys, xv, yv = [], [], [], []
    for c, n in enumerate(cfg.train_per_class):
        xs.append(_render(c, n, cfg.image_size, g)); ys += [c] * n
        xv.append(_render(c, cfg.val_per_class, cfg.image_size, g)); yv += [c] * cfg.val_per_class
    return (TensorDataset(torch.cat(xs), torch.tensor(ys)), TensorDataset(torch.cat(xv), torch.tensor(yv)))


def class_weights(dataset, num_classes):
    counts = torch.bincount(dataset.tensors[1], minlength=num_classes).float()
    w = counts.sum() / (num_classes * counts)
    return w / w.mean()
