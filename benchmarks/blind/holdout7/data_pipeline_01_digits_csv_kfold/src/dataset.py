import numpy as np
import torch
from torch.utils.data import Dataset

from .make_digits import SIDE


class DigitCSVDataset(Dataset):
    """Keeps raw CSV lines in memory and parses a row only when it is requested."""

    def __init__(self, csv_path, augment=False):
        with open(csv_path) as f:
            self.lines = f.read().splitlines()
        self.columns = self.lines[0].split(",")
        self.augment = augment

    def __len__(self):
        return len(self.lines)

    def parse(self, idx):
        values = self.lines[idx + 1].split(",")
        label = int(values[0])
        pixels = np.asarray(values[1:], dtype=np.float32).reshape(1, SIDE, SIDE) / 255.0
        return pixels, label

    def __getitem__(self, idx):
        pixels, label = self.parse(idx)
        x = torch.from_numpy(pixels)
        if self.augment:
            x = torch.roll(x, shifts=tuple(torch.randint(-1, 2, (2,)).tolist()), dims=(1, 2))
        return (x - 0.2) / 0.3, label
