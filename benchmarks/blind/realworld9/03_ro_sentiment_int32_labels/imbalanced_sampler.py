import numpy as np
import torch
from torch.utils.data.sampler import Sampler


class ImbalancedDatasetSampler(Sampler):
    """Samples elements randomly from a given list of indices for imbalanced dataset"""

    def __init__(self, data, num_samples=None, generator=None):
        labels = np.asarray(data["labels"])
        self.indices = list(range(len(labels)))
        self.num_samples = len(self.indices) if num_samples is None else num_samples
        counts = np.bincount(labels)
        weights = [1.0 / counts[labels[idx]] for idx in self.indices]
        self.weights = torch.DoubleTensor(weights)
        self.generator = generator

    def __iter__(self):
        return (self.indices[i] for i in torch.multinomial(self.weights, self.num_samples, replacement=True,
                                                           generator=self.generator))

    def __len__(self):
        return self.num_samples
