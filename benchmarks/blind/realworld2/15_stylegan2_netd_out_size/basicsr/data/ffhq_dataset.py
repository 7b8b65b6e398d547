import math

import torch
from torch.utils import data as data


class FFHQDataset(data.Dataset):
    """Stand-in for the lmdb FFHQ folder: smooth synthetic 'faces' (blobs) at gt_size."""

    def __init__(self, opt):
        self.gt_size = opt['gt_size']
        n = opt.get('num_images', 128)
        g = torch.Generator().manual_seed(0)
        yy, xx = torch.meshgrid(torch.linspace(-1, 1, self.gt_size), torch.linspace(-1, 1, self.gt_size), indexing='ij')
        imgs = []
        for _ in range(n):
            cx, cy, r = (torch.rand(3, generator=g) * torch.tensor([0.6, 0.6, 0.4]) + torch.tensor([-0.3, -0.3, 0.3])).tolist()
            face = ((xx - cx) ** 2 + (yy - cy) ** 2 < r * r).float()
            col = torch.rand(3, 1, 1, generator=g)
            imgs.append(face[None] * col * 2 - 1)
        self.imgs = torch.stack(imgs)

    def __getitem__(self, index):
        img = self.imgs[index]
        if torch.rand(1).item() < 0.5:
            img = img.flip(-1)
        return {'gt': img}

    def __len__(self):
        return len(self.imgs)
