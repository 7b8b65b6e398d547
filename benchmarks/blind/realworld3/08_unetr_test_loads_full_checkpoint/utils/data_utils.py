import torch
from torch.utils.data import DataLoader, TensorDataset


def synthetic_volumes(n, img_size, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 1, img_size, img_size, generator=g) * 0.1
    y = torch.zeros(n, img_size, img_size, dtype=torch.long)
    for i in range(n):
        r, c = torch.randint(4, img_size - 12, (2,), generator=g).tolist()
        x[i, 0, r:r + 8, c:c + 8] += 1.0
        y[i, r:r + 8, c:c + 8] = 1 + (i % 2)
    return TensorDataset(x, y)


def get_loader(args, train=True):
    ds = synthetic_volumes(96 if train else 24, args.roi_x, 0 if train else 1)
    return DataLoader(ds, batch_size=args.batch_size, shuffle=train)
