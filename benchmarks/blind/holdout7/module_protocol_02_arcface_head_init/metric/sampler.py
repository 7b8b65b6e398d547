import random
from collections import defaultdict

from torch.utils.data import Sampler


class PKBatchSampler(Sampler):
    """Yields batches with P identities x K images each."""

    def __init__(self, labels, p=8, k=4, seed=0):
        self.by_label = defaultdict(list)
        for idx, lab in enumerate(labels):
            self.by_label[lab].append(idx)
        self.p, self.k = p, k
        self.rng = random.Random(seed)
        self.n_batches = len(labels) // (p * k)

    def __len__(self):
        return self.n_batches

    def __iter__(self):
        ids = list(self.by_label)
        for _ in range(self.n_batches):
            batch = []
            for lab in self.rng.sample(ids, self.p):
                pool = self.by_label[lab]
                batch += self.rng.sample(pool, self.k) if len(pool) >= self.k else self.rng.choices(pool, k=self.k)
            yield batch
