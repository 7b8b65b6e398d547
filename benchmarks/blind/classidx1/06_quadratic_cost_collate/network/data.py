import numpy as np
import torch
from torch.utils.data import Dataset, DataLoader

NUM_CLASSES = 10


class SyntheticDigits(Dataset):
    """8x8 'digits': one fixed random stroke pattern per class, plus pixel noise."""

    def __init__(self, n, seed):
        proto_rng = np.random.RandomState(1234)
        protos = (proto_rng.rand(NUM_CLASSES, 64) > 0.6).astype(np.float32)
        rng = np.random.RandomState(seed)
        self.labels = rng.randint(0, NUM_CLASSES, size=n)
        noise = rng.rand(n, 64).astype(np.float32) * 0.5
        flips = (rng.rand(n, 64) < 0.08)
        x = protos[self.labels]
        x = np.where(flips, 1.0 - x, x) * 0.7 + noise * 0.3
        self.images = x.astype(np.float32)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.images[i], int(self.labels[i])


def collate(batch):
    images = torch.from_numpy(np.stack([b[0] for b in batch]))
    targets = torch.tensor([b[1] for b in batch], dtype=torch.float32)
    return images, targets


def make_loaders(batch_size, n_train=1000, n_test=200):
    train = SyntheticDigits(n_train, seed=1)
    test = SyntheticDigits(n_test, seed=2)
    return (DataLoader(train, batch_size=batch_size, shuffle=True, collate_fn=collate),
            DataLoader(test, batch_size=batch_size, collate_fn=collate))
