from math import ceil

import torch


class PartitionedBucketSampler:
    """Splits the manifest into one contiguous partition per rank, then yields
    shuffled mini-batches of utterance indices from the local partition."""

    def __init__(self, data_source, batch_size, world_size=1, rank=0, seed=0):
        total = len(data_source)
        per_partition = int(ceil(total / float(world_size)))
        partition_start = rank * per_partition
        partition_end = min(partition_start + per_partition, total)
        self.indices = list(range(partition_start, partition_end))
        self.batch_size = batch_size
        self.seed = seed
        self.epoch = 0

    def set_epoch(self, epoch):
        self.epoch = epoch

    def __iter__(self):
        g = torch.Generator().manual_seed(self.seed + self.epoch)
        order = torch.randperm(len(self.indices), generator=g).tolist()
        idx = [self.indices[i] for i in order]
        for i in range(0, len(idx), self.batch_size):
            yield idx[i : i + self.batch_size]

    def __len__(self):
        return (len(self.indices) + self.batch_size - 1) // self.batch_size
