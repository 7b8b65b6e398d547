import torch
from torch.utils.data import DataLoader, TensorDataset


def _draw(kind, size, g):
    img = torch.zeros(size, size)
    r = int(torch.randint(2, size - 2, (1,), generator=g))
    c = int(torch.randint(2, size - 2, (1,), generator=g))
    if kind == 0:
        img[r, :] = 1.0
    elif kind == 1:
        img[:, c] = 1.0
    elif kind == 2:
        idx = torch.arange(size)
        img[idx, (idx + c) % size] = 1.0
    else:
        img[r - 2:r + 2, c - 2:c + 2] = 1.0
    return img


def make_shapes_dataset(n_train=512, n_test=128, size=16, batch_size=32, seed=0):
    g = torch.Generator().manual_seed(seed)
    n = n_train + n_test
    labels = torch.randint(0, 4, (n,), generator=g)
    imgs = torch.stack([_draw(int(k), size, g) for k in labels]).unsqueeze(1)
    imgs = imgs + 0.2 * torch.randn(imgs.shape, generator=g)
    train = TensorDataset(imgs[:n_train], labels[:n_train])
    test = TensorDataset(imgs[n_train:], labels[n_train:])
    return (DataLoader(train, batch_size=batch_size, shuffle=True),
            DataLoader(test, batch_size=batch_size, shuffle=False))
