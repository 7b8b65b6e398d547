import torch
from torch.utils.data import Dataset


class ClipFeatures(Dataset):
    def __init__(self, n=400, n_mels=40, n_tags=8, seed=9):
        g = torch.Generator().manual_seed(seed)
        self.tags = (torch.rand(n, n_tags, generator=g) < 0.25).float()
        proto = torch.randn(n_tags, n_mels, generator=g)
        self.feats = self.tags @ proto + 0.5 * torch.randn(n, n_mels, generator=g)

    def __len__(self):
        return len(self.tags)

    def __getitem__(self, i):
        return i, self.feats[i], self.tags[i]
