import math

import torch.distributed as dist
from torch.utils.data import Sampler


class DistributedEvalSampler(Sampler):
    """Like DistributedSampler(shuffle=False) but WITHOUT padding: every sample is seen exactly
    once, so ranks may get a different number of samples when len(dataset) % world_size != 0."""

    def __init__(self, dataset, num_replicas=None, rank=None):
        self.dataset = dataset
        self.num_replicas = num_replicas if num_replicas is not None else dist.get_world_size()
        self.rank = rank if rank is not None else dist.get_rank()
        self.indices = list(range(len(dataset)))[self.rank::self.num_replicas]

    def __iter__(self):
        return iter(self.indices)

    def __len__(self):
        return len(self.indices)
