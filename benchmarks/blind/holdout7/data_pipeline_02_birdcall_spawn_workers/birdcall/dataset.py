import torch
from torch.utils.data import Dataset


class SpecDataset(Dataset):
    def __init__(self, x, y, transform=None):
        self.x = x
        self.y = y
        self.transform = transform

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        spec = torch.from_numpy(self.x[i])
        if self.transform is not None:
            spec = self.transform(spec)
        return spec, int(self.y[i])
