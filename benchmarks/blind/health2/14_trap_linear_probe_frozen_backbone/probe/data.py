import torch
from torch.utils.data import DataLoader, TensorDataset


def _draw(kind, r, c):
    img = torch.zeros(12, 12)
    if kind == 0:            # L
        img[r:r + 5, c] = 1
        img[r + 4, c:c + 3] = 1
    elif kind == 1:          # T
        img[r, c:c + 5] = 1
        img[r:r + 5, c + 2] = 1
    elif kind == 2:          # F
        img[r:r + 5, c] = 1
        img[r, c:c + 4] = 1
        img[r + 2, c:c + 2] = 1
    else:                    # P
        img[r:r + 5, c] = 1
        img[r, c:c + 3] = 1
        img[r + 2, c:c + 3] = 1
        img[r:r + 3, c + 2] = 1
    return img


def _glyphs(n, g):
    y = torch.randint(0, 4, (n,), generator=g)
    pos = torch.randint(1, 6, (n, 2), generator=g)
    img = torch.stack([_draw(int(k), int(r), int(c)) for k, (r, c) in zip(y, pos)]).unsqueeze(1)
    return img + 0.1 * torch.randn(img.shape, generator=g), y


def glyph_loaders(n_unlabeled=768, n_train=256, n_val=256, seed=0):
    g = torch.Generator().manual_seed(seed)
    xu, _ = _glyphs(n_unlabeled, g)
    xt, yt = _glyphs(n_train, g)
    xv, yv = _glyphs(n_val, g)
    return (xu,
            DataLoader(TensorDataset(xt, yt), batch_size=32, shuffle=True),
            DataLoader(TensorDataset(xv, yv), batch_size=128))
