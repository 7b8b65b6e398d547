import torch
from torch.utils.data import Dataset


class Build_Dataset(Dataset):
    def __init__(self, num_images, img_size, num_classes, seed=0):
        g = torch.Generator().manual_seed(seed)
        grid = img_size // 4
        self.imgs = torch.rand(num_images, 3, img_size, img_size, generator=g) * 0.2
        self.targets = torch.zeros(num_images, 1 + num_classes, grid, grid)
        for i in range(num_images):
            gy, gx = torch.randint(0, grid, (2,), generator=g).tolist()
            c = int(torch.randint(0, num_classes, (1,), generator=g))
            self.imgs[i, c, gy * 4:gy * 4 + 4, gx * 4:gx * 4 + 4] = 1.0
            self.targets[i, 0, gy, gx] = 1.0
            self.targets[i, 1 + c, gy, gx] = 1.0

    def __len__(self):
        return len(self.imgs)

    def __getitem__(self, item):
        return self.imgs[item], self.targets[item]
