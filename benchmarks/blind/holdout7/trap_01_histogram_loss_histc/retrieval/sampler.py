import torch
from torch.utils.data import Sampler


class ClassBalancedBatchSampler(Sampler):
    def __init__(self, labels, classes_per_batch=8, samples_per_class=4, generator=None):
        self.labels = torch.as_tensor(labels)
        self.classes = self.labels.unique()
        self.m = classes_per_batch
        self.k = samples_per_class
        self.g = generator or torch.Generator().manual_seed(0)
        self.batches = len(self.labels) // (self.m * self.k)

    def __len__(self):
        return self.batches

    def __iter__(self):
        for _ in range(self.batches):
            chosen = self.classes[torch.randperm(len(self.classes), generator=self.g)[: self.m]]
            batch = []
            for c in chosen:
                idx = (self.labels == c).nonzero().flatten()
                batch += idx[torch.randperm(len(idx), generator=self.g)[: self.k]].tolist()
            yield batch
