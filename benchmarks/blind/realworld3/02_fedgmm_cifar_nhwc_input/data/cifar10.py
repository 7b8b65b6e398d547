import os
import numpy as np
import torch
from torch.utils.data import Dataset


def generate_cifar_like(root, n_per_client, n_clients, seed=0):
    """Writes a small CIFAR-like dataset (uint8, N x 32 x 32 x 3, as in the pickled
    CIFAR batches) split into client files, if it is not there yet."""
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(seed)
    for c in range(n_clients):
        path = os.path.join(root, f"client_{c}.npz")
        if os.path.exists(path):
            continue
        y = rng.randint(0, 10, size=n_per_client)
        x = rng.randint(0, 90, size=(n_per_client, 32, 32, 3)).astype(np.uint8)
        for i, lab in enumerate(y):
            x[i, :, lab * 3:lab * 3 + 3, lab % 3] = 230
        np.savez(path, data=x, targets=y)


class SubCIFAR10(Dataset):
    """one client's shard of CIFAR10 (images kept in memory as a tensor)"""

    def __init__(self, path, cifar10_data=None, cifar10_targets=None):
        arr = np.load(path)
        self.data = torch.tensor(arr["data"], dtype=torch.float32) / 255.0
        self.targets = torch.tensor(arr["targets"], dtype=torch.long)
        mean = torch.tensor([0.4914, 0.4822, 0.4465])
        std = torch.tensor([0.2023, 0.1994, 0.2010])
        self.data = (self.data - mean) / std

    def __len__(self):
        return self.data.size(0)

    def __getitem__(self, index):
        img, target = self.data[index], self.targets[index]
        return img, target, index
