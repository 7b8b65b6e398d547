import torch
from torch.utils.data import DataLoader, TensorDataset


def textures(n, num_classes=4, size=16, seed=0):
    """Oriented stripe textures (horizontal / vertical / two diagonals) with random phase and noise."""
    g = torch.Generator().manual_seed(seed)
    ys = torch.randint(0, num_classes, (n,), generator=g)
    r = torch.arange(size).view(-1, 1).float()
    c = torch.arange(size).view(1, -1).float()
    patterns = [r, c, r + c, r - c]
    imgs = torch.empty(n, 1, size, size)
    for i, y in enumerate(ys.tolist()):
        phase = torch.rand(1, generator=g).item() * 6.28
        freq = 0.8 + 0.4 * torch.rand(1, generator=g).item()
        imgs[i, 0] = torch.sin(freq * patterns[y] + phase)
    imgs += 0.5 * torch.randn(imgs.shape, generator=g)
    return imgs, ys


def loaders(batch_size, seed=0):
    xtr, ytr = textures(384, seed=seed)
    xva, yva = textures(128, seed=seed + 1)
    return (
        DataLoader(TensorDataset(xtr, ytr), batch_size=batch_size, shuffle=True),
        DataLoader(TensorDataset(xva, yva), batch_size=128),
    )
