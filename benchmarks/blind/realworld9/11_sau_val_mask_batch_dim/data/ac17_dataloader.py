import numpy as np
import torch
from torch.utils.data import Dataset


def _make_slice(rng, size, num_class=4):
    """a synthetic cine-MRI short-axis slice: concentric LV cavity / myocardium / RV blobs"""
    yy, xx = np.mgrid[:size, :size]
    cy, cx = rng.randint(size // 3, 2 * size // 3, size=2)
    r = rng.randint(size // 10, size // 6)
    d = np.sqrt((yy - cy) ** 2 + (xx - cx) ** 2)
    mask = np.zeros((size, size), dtype=np.int64)
    mask[d < r * 1.6] = 2   # myocardium
    mask[d < r] = 3         # LV cavity
    rv = np.sqrt((yy - cy) ** 2 + (xx - (cx - 2 * r)) ** 2) < r * 1.2
    mask[rv & (mask == 0)] = 1  # RV
    img = mask.astype(np.float32) / (num_class - 1) + rng.normal(0, 0.15, (size, size)).astype(np.float32)
    edge = np.zeros((size, size), dtype=np.float32)
    edge[:-1, :] += (mask[1:, :] != mask[:-1, :])
    edge[:, :-1] += (mask[:, 1:] != mask[:, :-1])
    return img, mask, (edge > 0).astype(np.float32)


class AC17Data(Dataset):
    def __init__(self, n=8, size=128, seed=0):
        rng = np.random.RandomState(seed)
        self.items = [_make_slice(rng, size) for _ in range(n)]

    def __len__(self):
        return len(self.items)

    def __getitem__(self, idx):
        img, mask, edge = self.items[idx]
        img = torch.from_numpy(img).unsqueeze(0)  # 1 x H x W
        return {'image': img, 'mask': [torch.from_numpy(mask), torch.from_numpy(edge).unsqueeze(0)]}


class AC17Val(AC17Data):
    """whole slices for evaluation, served one at a time"""

    def __getitem__(self, idx):
        img, mask, edge = self.items[idx]
        img = torch.from_numpy(img).unsqueeze(0).unsqueeze(0)  # 1 x 1 x H x W
        return {'image': img, 'mask': [torch.from_numpy(mask), torch.from_numpy(edge).unsqueeze(0)]}
