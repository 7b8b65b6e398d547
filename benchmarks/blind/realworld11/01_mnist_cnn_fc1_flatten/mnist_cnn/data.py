import numpy as np
import torch
from torch.utils.data import TensorDataset


def make_digits(num_samples, seed):
    """Small stand-in for MNIST: 28x28 grey images whose bright band depends on the digit."""
    rng = np.random.RandomState(seed)
    labels = rng.randint(0, 10, size=num_samples)
    images = rng.rand(num_samples, 1, 28, 28).astype(np.float32) * 0.3
    for i, y in enumerate(labels):
        row = 2 + 2 * y
        images[i, 0, row:row + 3, 4:24] += 0.7
    images = (images - 0.1307) / 0.3081
    return TensorDataset(torch.from_numpy(images.astype(np.float32)), torch.from_numpy(labels).long())
