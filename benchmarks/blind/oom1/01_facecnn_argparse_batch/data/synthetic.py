import torch
from torch.utils.data import DataLoader, TensorDataset


def _make_split(n, size=128, seed=0):
    g = torch.Generator().manual_seed(seed)
    labels = torch.randint(0, 2, (n,), generator=g)
    images = torch.rand(n, 3, size, size, generator=g) * 0.5
    # "faces" get a bright blob in the middle of the crop
    yy, xx = torch.meshgrid(torch.arange(size), torch.arange(size), indexing="ij")
    blob = torch.exp(-((yy - size / 2) ** 2 + (xx - size / 2) ** 2) / (2 * (size / 8) ** 2))
    images[labels == 1] += blob
    return images, labels


def make_loaders(num_train, num_val, batch_size):
    xtr, ytr = _make_split(num_train, seed=1)
    xva, yva = _make_split(num_val, seed=2)
    train_loader = DataLoader(TensorDataset(xtr, ytr), batch_size=batch_size, shuffle=True)
    val_loader = DataLoader(TensorDataset(xva, yva), batch_size=64, shuffle=False)
    return train_loader, val_loader
