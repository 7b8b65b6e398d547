import random
from collections import defaultdict

from torch.utils.data import Sampler


class BucketBatchSampler(Sampler):
    """Groups clips of similar length into the same batch to limit padding."""

    def __init__(self, lengths, batch_size, bucket_width, shuffle=True, seed=0):
        self.batch_size = batch_size
        self.shuffle = shuffle
        self.rng = random.Random(seed)
        self.buckets = defaultdict(list)
        for idx, n in enumerate(lengths):
            self.buckets[n // bucket_width].append(idx)

    def _make_batches(self):
        batches = []
        for key in sorted(self.buckets):
            idxs = list(self.buckets[key])
            if self.shuffle:
                self.rng.shuffle(idxs)
            for start in range(0, len(idxs), self.batch_size):
                batches.append(idxs[start:start + self.batch_size])
        if self.shuffle:
            self.rng.shuffle(batches)
        return batches

    def __iter__(self):
        yield from self._make_batches()

    def __len__(self):
        return sum((len(v) + self.batch_size - 1) // self.batch_size for v in self.buckets.values())
