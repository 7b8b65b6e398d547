import torch
from torch.utils.data import DataLoader, TensorDataset


def gaussian_clusters(num_classes, samples_per_class, dim, noise, seed):
    g = torch.Generator().manual_seed(seed)
    centers = torch.randn(num_classes, dim, generator=g) * 2.0
    labels = torch.arange(num_classes).repeat_interleave(samples_per_class)
    x = centers[labels] + noise * torch.randn(len(labels), dim, generator=g)
    return x, labels


def build_loader(cfg, seed):
    x, y = gaussian_clusters(cfg["num_classes"], cfg["samples_per_class"], cfg["dim"], cfg["noise"], seed)
    return x, y


def make_train_loader(data_cfg, batch_size, seed):
    x, y = build_loader(data_cfg, seed)
    return DataLoader(TensorDataset(x, y), batch_size=batch_size, shuffle=True, drop_last=True)
