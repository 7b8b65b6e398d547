import torch
from torch.utils.data import Dataset


class StripedShard(Dataset):
    """Rank r keeps records r, r + world, r + 2*world, ..."""

    def __init__(self, feats, labels, rank, world_size):
        usable = len(labels) // world_size * world_size  # same number of records on every rank
        idx = torch.arange(rank, usable, world_size)
        self.feats = feats[idx]
        self.labels = labels[idx]

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.feats[i], self.labels[i]
