import csv
import glob
import os

import torch
from torch.utils.data import Dataset


class FieldExportDataset(Dataset):
    """All rows of every CSV in the export folder: (sensor vector, failure label)."""

    def __init__(self, root):
        self.samples = []
        for path in sorted(glob.glob(os.path.join(root, "*.csv"))):
            with open(path) as f:
                reader = csv.reader(f)
                next(reader)  # header
                for row in reader:
                    values = [float(v) for v in row[1:-1]]
                    self.samples.append((torch.tensor(values), torch.tensor(float(row[-1]))))

    def __len__(self):
        return len(self.samples)

    def __getitem__(self, idx):
        return self.samples[idx]
