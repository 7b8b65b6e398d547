import torch
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler


def synthetic_reviews(n=400, seq=16, vocab=200, seed=0):
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, 2, (n,), generator=g)
    x = torch.randint(3, vocab, (n, seq), generator=g)
    # "positive" reviews contain token 1 a few times, negatives token 2
    pos = torch.randint(0, seq, (n, 3), generator=g)
    x.scatter_(1, pos, (1 + (1 - y))[:, None].expand(-1, 3))
    return TensorDataset(x, y)


def make_loader(ds, batch_size, distributed, rank, world):
    if distributed:
        sampler = DistributedSampler(ds, num_replicas=world, rank=rank)
        return DataLoader(ds, batch_size=batch_size, sampler=sampler), sampler
    return DataLoader(ds, batch_size=batch_size, shuffle=True), None
