import torch
from torch.utils.data import DataLoader, Dataset

from engine import fit
from seg_module import CellSegModule, hparams


class SyntheticCells(Dataset):
    """Blobs on a noisy background, 128x128 RGB crops."""

    def __init__(self, n, size=128, seed=0):
        g = torch.Generator().manual_seed(seed)
        yy, xx = torch.meshgrid(torch.arange(size), torch.arange(size), indexing="ij")
        self.imgs = torch.empty(n, 3, size, size)
        self.masks = torch.empty(n, 1, size, size)
        for i in range(n):
            m = torch.zeros(size, size)
            for _ in range(6):
                cy, cx = torch.randint(0, size, (2,), generator=g)
                r = 6 + 10 * torch.rand(1, generator=g)
                m = torch.maximum(m, (((yy - cy) ** 2 + (xx - cx) ** 2) < r ** 2).float())
            self.masks[i, 0] = m
            self.imgs[i] = m * 0.6 + 0.4 * torch.rand(3, size, size, generator=g)

    def __len__(self):
        return len(self.imgs)

    def __getitem__(self, i):
        return self.imgs[i], self.masks[i]


if __name__ == "__main__":
    torch.manual_seed(0)
    train_loader = DataLoader(SyntheticCells(128, seed=1), batch_size=hparams["batch_size"], shuffle=True)
    val_loader = DataLoader(SyntheticCells(32, seed=2), batch_size=16)
    module = CellSegModule(hparams)
    fit(module, train_loader, val_loader, max_epochs=hparams["max_epochs"], gradient_clip_val=1.0)
