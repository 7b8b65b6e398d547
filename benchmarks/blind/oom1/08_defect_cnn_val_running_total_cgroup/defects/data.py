import torch
from torch.utils.data import DataLoader, TensorDataset


def _surfaces(n, size, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 1, size, size, generator=g) * 0.2
    y = torch.randint(0, 2, (n,), generator=g)
    for i in torch.nonzero(y).flatten().tolist():     # scratch = thin bright line
        r = int(torch.randint(10, size - 10, (1,), generator=g))
        x[i, 0, r, 10:size - 10] += 1.5
    return x, y


def build_loaders(cfg):
    xtr, ytr = _surfaces(cfg["n_train"], cfg["image_size"], cfg["seed"])
    xva, yva = _surfaces(cfg["n_val"], cfg["image_size"], cfg["seed"] + 1)
    return (DataLoader(TensorDataset(xtr, ytr), batch_size=cfg["batch_size"], shuffle=True),
            DataLoader(TensorDataset(xva, yva), batch_size=cfg["batch_size"]))
