import torch
from torch.utils.data import DataLoader, Dataset
from torch.utils.data.distributed import DistributedSampler


class SquaresDataset(Dataset):
    """32x32 grayscale images with one square; target is (obj, cx, cy, w, h) on a 4x4 grid."""

    def __init__(self, n=320, img_size=32, grid=4, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.imgs = torch.zeros(n, 1, img_size, img_size)
        self.targets = torch.zeros(n, 5, grid, grid)
        cell = img_size // grid
        for i in range(n):
            s = int(torch.randint(4, 12, (1,), generator=g))
            x0 = int(torch.randint(0, img_size - s, (1,), generator=g))
            y0 = int(torch.randint(0, img_size - s, (1,), generator=g))
            self.imgs[i, 0, y0:y0 + s, x0:x0 + s] = 1.0
            cx, cy = x0 + s / 2, y0 + s / 2
            gx, gy = int(cx // cell), int(cy // cell)
            self.targets[i, :, gy, gx] = torch.tensor([1.0, cx / cell - gx, cy / cell - gy, s / img_size, s / img_size])
        self.imgs += 0.1 * torch.randn(self.imgs.shape, generator=g)

    def __len__(self):
        return len(self.imgs)

    def __getitem__(self, i):
        return self.imgs[i], self.targets[i]


def create_dataloader(dataset, batch_size, rank=-1, world_size=1, num_workers=0):
    sampler = DistributedSampler(dataset, num_replicas=world_size, rank=rank) if rank != -1 else None
    loader = DataLoader(dataset,
                        batch_size=batch_size,
                        num_workers=num_workers,
                        shuffle=True,
                        pin_memory=torch.cuda.is_available(),
                        sampler=sampler)
    return loader, sampler
