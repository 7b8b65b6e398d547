import csv
import os

import numpy as np
import torch
from torch.utils.data import Dataset


class BeatDataset(Dataset):
    def __init__(self, root, split, normalize=True):
        self.root = root
        with open(os.path.join(root, "annotations.csv")) as f:
            self.items = [r for r in csv.DictReader(f) if r["split"] == split]
        self.normalize = normalize

    def __len__(self):
        return len(self.items)

    def __getitem__(self, idx):
        rec = self.items[idx]
        x = np.load(os.path.join(self.root, "beats", rec["file"]))
        if self.normalize:
            x = (x - x.mean()) / (x.std() + 1e-6)
        label = int(rec["label"]) - 1
        return torch.from_numpy(x).unsqueeze(0), label

    def class_counts(self, num_classes):
        counts = torch.zeros(num_classes)
        for r in self.items:
            counts[int(r["label"]) - 1] += 1
        return counts
