import csv
import os

import numpy as np
import torch
from torch.utils.data import Dataset


class ClipDataset(Dataset):
    def __init__(self, root, indices=None):
        self.root = root
        with open(os.path.join(root, "manifest.csv")) as f:
            rows = list(csv.DictReader(f))
        if indices is not None:
            rows = [rows[i] for i in indices]
        # some clips listed in the manifest were never rendered: keep only those on disk
        self.rows = [r for r in rows if os.path.exists(os.path.join(root, r["path"]))]

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, idx):
        row = self.rows[idx]
        path = os.path.join(self.root, row["path"])
        spec = torch.from_numpy(np.load(path)).unsqueeze(0)  # 1 x F x T
        return spec, int(row["label"])
