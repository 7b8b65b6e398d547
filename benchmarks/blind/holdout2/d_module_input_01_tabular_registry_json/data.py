"""Synthetic 'customer churn' table. Writes a CSV to a temp dir, then reads it back like the real pipeline."""
import csv
import os
import tempfile

import numpy as np
import torch
from torch.utils.data import Dataset

NUMERIC_COLUMNS = [
    "age", "tenure_months", "monthly_spend", "support_calls", "logins_30d",
    "avg_session_min", "discount_pct", "num_devices", "late_payments", "nps",
]
# one-hot plan columns added in the last data refresh
CATEGORICAL_COLUMNS = ["plan_basic", "plan_plus", "plan_pro", "plan_team"]
FEATURE_COLUMNS = NUMERIC_COLUMNS + CATEGORICAL_COLUMNS
LABEL_COLUMN = "segment"


def write_synthetic_csv(n_rows, seed):
    rng = np.random.default_rng(seed)
    path = os.path.join(tempfile.mkdtemp(prefix="churn_"), "customers.csv")
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(FEATURE_COLUMNS + [LABEL_COLUMN])
        for _ in range(n_rows):
            num = rng.normal(size=len(NUMERIC_COLUMNS)).round(4).tolist()
            plan = [0, 0, 0, 0]
            plan[rng.integers(0, 4)] = 1
            label = int(rng.integers(0, 3))
            w.writerow(num + plan + [label])
    return path


class CustomerTable(Dataset):
    def __init__(self, csv_path, rows=None):
        with open(csv_path) as f:
            reader = csv.DictReader(f)
            records = list(reader)
        if rows is not None:
            records = [records[i] for i in rows]
        feats = [[float(r[c]) for c in FEATURE_COLUMNS] for r in records]
        self.x = torch.tensor(feats, dtype=torch.float32)
        self.y = torch.tensor([int(r[LABEL_COLUMN]) for r in records], dtype=torch.long)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, idx):
        return self.x[idx], self.y[idx]
