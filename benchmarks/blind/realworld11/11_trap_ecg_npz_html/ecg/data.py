import numpy as np
import torch
from torch.utils.data import Dataset, random_split


class ECGBeats(Dataset):
    def __init__(self, path):
        arrays = np.load(path)
        self.x = torch.from_numpy(arrays["signals"].astype(np.float32)).unsqueeze(1)
        self.y = torch.from_numpy(arrays["labels"].astype(np.int64))

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]


def split(dataset, val_fraction, seed):
    n_val = int(len(dataset) * val_fraction)
    return random_split(dataset, [len(dataset) - n_val, n_val],
                        generator=torch.Generator().manual_seed(seed))
