import torch
from torch.utils.data import Dataset, DataLoader
from torch.utils.data.distributed import DistributedSampler


class SyntheticTopics(Dataset):
    """Each class draws its tokens mostly from its own slice of the vocabulary."""

    def __init__(self, n, vocab_size=500, seq_len=24, num_classes=4, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.labels = torch.randint(0, num_classes, (n,), generator=g)
        per = vocab_size // num_classes
        base = self.labels[:, None] * per
        own = base + torch.randint(0, per, (n, seq_len), generator=g)
        noise = torch.randint(0, vocab_size, (n, seq_len), generator=g)
        mask = torch.rand(n, seq_len, generator=g) < 0.3
        self.tokens = torch.where(mask, noise, own)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.tokens[i], self.labels[i]


def build_loader(n, batch_size, world_size, rank, seed=0):
    ds = SyntheticTopics(n, seed=seed)
    sampler = DistributedSampler(ds, num_replicas=world_size, rank=rank, shuffle=True)
    return DataLoader(ds, batch_size=batch_size, sampler=sampler), sampler
