import torch
from torch.utils.data import Dataset, DataLoader


class SyntheticCells(Dataset):
    """Blobs on a noisy background; the mask marks the blobs."""

    def __init__(self, n, size, seed):
        g = torch.Generator().manual_seed(seed)
        yy, xx = torch.meshgrid(torch.arange(size), torch.arange(size), indexing="ij")
        self.images = torch.empty(n, 1, size, size)
        self.masks = torch.empty(n, size, size, dtype=torch.long)
        for i in range(n):
            m = torch.zeros(size, size, dtype=torch.bool)
            for _ in range(int(torch.randint(3, 8, (1,), generator=g))):
                cy, cx = torch.randint(8, size - 8, (2,), generator=g)
                r = torch.randint(4, 14, (1,), generator=g)
                m |= (yy - cy) ** 2 + (xx - cx) ** 2 < r ** 2
            img = m.float() * 0.8 + 0.3 * torch.randn(size, size, generator=g)
            self.images[i, 0] = img
            self.masks[i] = m.long()

    def __len__(self):
        return len(self.images)

    def __getitem__(self, i):
        return self.images[i], self.masks[i]


def make_loaders(cfg):
    d, t = cfg["data"], cfg["train"]
    train = SyntheticCells(d["n_train"], d["image_size"], d["seed"])
    val = SyntheticCells(d["n_val"], d["image_size"], d["seed"] + 1)
    return (DataLoader(train, batch_size=t["batch_size"], shuffle=True, drop_last=False),
            DataLoader(val, batch_size=t["val_batch_size"]))
