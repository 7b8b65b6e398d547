import math

import torch
from torch.utils.data import Sampler


class PartitionedBucketSampler(Sampler):
    """Sort utterances by length, give each rank a contiguous partition, then
    shuffle batches (not utterances) inside the partition."""

    def __init__(self, lengths, batch_size, rank, world_size, seed=0):
        self.order = sorted(range(len(lengths)), key=lambda i: lengths[i])
        self.batch_size = batch_size
        self.rank, self.world_size = rank, world_size
        self.seed, self.epoch = seed, 0

        total = len(self.order)
        # every rank must get the same number of utterances (and hence batches),
        # otherwise DDP's gradient all-reduce goes out of step: drop the remainder
        per_partition = total // world_size
        start = rank * per_partition
        end = start + per_partition
        self.indices = self.order[start:end]

    def set_epoch(self, epoch):
        self.epoch = epoch

    def __iter__(self):
        batches = [self.indices[i:i + self.batch_size]
                   for i in range(0, len(self.indices), self.batch_size)]
        g = torch.Generator().manual_seed(self.seed + self.epoch)
        for j in torch.randperm(len(batches), generator=g).tolist():
            yield batches[j]

    def __len__(self):
        return math.ceil(len(self.indices) / self.batch_size)
