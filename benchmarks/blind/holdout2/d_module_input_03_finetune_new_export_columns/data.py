import csv

import torch
from torch.utils.data import TensorDataset

from export import TARGET


def load_export(path):
    with open(path, newline="") as f:
        reader = csv.DictReader(f)
        rows = list(reader)
        feature_cols = [c for c in reader.fieldnames if c != TARGET]
    X = torch.tensor([[float(r[c]) for c in feature_cols] for r in rows], dtype=torch.float32)
    y = torch.tensor([float(r[TARGET]) for r in rows], dtype=torch.float32)
    return TensorDataset(X, y), feature_cols
