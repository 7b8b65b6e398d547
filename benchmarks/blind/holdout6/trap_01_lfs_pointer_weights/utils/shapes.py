import torch
from torch.utils.data import TensorDataset


def make_shapes(n, size=16, num_classes=5, seed=0):
    g = torch.Generator().manual_seed(seed)
    ys, xs = torch.meshgrid(torch.arange(size).float(), torch.arange(size).float(), indexing="ij")
    labels = torch.randint(0, num_classes, (n,), generator=g)
    imgs = 0.1 * torch.rand(n, 3, size, size, generator=g)
    for i in range(n):
        cy, cx = (torch.rand(2, generator=g) * (size - 6) + 3).tolist()
        r = 2 + 2 * torch.rand(1, generator=g).item()
        c = labels[i].item()
        if c == 0:
            m = (ys - cy) ** 2 + (xs - cx) ** 2 < r ** 2
        elif c == 1:
            m = ((ys - cy).abs() < r) & ((xs - cx).abs() < r)
        elif c == 2:
            m = ((ys - cy).abs() < 1) | ((xs - cx).abs() < 1)
        elif c == 3:
            m = (ys - cy).abs() + (xs - cx).abs() < r
        else:
            m = ((ys - cy) ** 2 + (xs - cx) ** 2 < r ** 2) & ((ys - cy) ** 2 + (xs - cx) ** 2 > (r - 1.2) ** 2)
        imgs[i, :, m] += torch.rand(3, 1, generator=g) * 0.8 + 0.2
    return TensorDataset(imgs.clamp(0, 1), labels)
