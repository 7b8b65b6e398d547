import numpy as np
import torch
from torch.utils.data import Dataset


def make_vibration_set(n_classes=10, per_class=8, length=64, seed=0):
    """Small synthetic bearing-vibration set: each fault class has its own base frequency."""
    rng = np.random.RandomState(seed)
    t = np.arange(length) / length
    xs, ys = [], []
    for c in range(n_classes):
        f = 2 + 1.5 * c
        for _ in range(per_class):
            phase = rng.uniform(0, 2 * np.pi)
            sig = np.sin(2 * np.pi * f * t + phase) + 0.3 * rng.randn(length)
            xs.append(sig.astype(np.float32))
            ys.append(c)
    return torch.from_numpy(np.stack(xs)).unsqueeze(1), torch.tensor(ys)


class SiameseDataset(Dataset):
    """
    Train: for each sample creates randomly a positive or a negative pair
    """

    def __init__(self, data, labels, seed=1):
        self.data = data
        self.labels = labels
        self.labels_set = set(self.labels.numpy())
        self.label_to_indices = {label: np.where(self.labels.numpy() == label)[0]
                                 for label in self.labels_set}
        self.rng = np.random.RandomState(seed)

    def __getitem__(self, index):
        target = self.rng.randint(0, 2)
        img1, label1 = self.data[index], self.labels[index].item()
        if target == 1:
            siamese_index = self.rng.choice(self.label_to_indices[label1])
        else:
            siamese_label = self.rng.choice(list(self.labels_set - set([label1])))
            siamese_index = self.rng.choice(self.label_to_indices[siamese_label])
        img2 = self.data[siamese_index]
        return (img1, img2), target

    def __len__(self):
        return len(self.data)
