import torch
from torch.utils.data import Dataset


class PairDataset(Dataset):
    """synthetic 'product images': 8 classes, anchor/positive pairs from the same class"""

    def __init__(self, n=256, n_classes=8, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.protos = torch.rand(n_classes, 3, 16, 16, generator=g)
        self.labels = torch.randint(0, n_classes, (n,), generator=g)
        self.g = g

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        p = self.protos[self.labels[i]]
        return (p + 0.1 * torch.randn_like(p), p + 0.1 * torch.randn_like(p), self.labels[i])
