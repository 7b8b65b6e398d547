"""Simulates the nightly risk-data export (v3 schema) into a CSV."""
import csv
import os
import tempfile

import numpy as np

# v3 schema of the export job (columns come from the warehouse view, in this order)
EXPORT_COLUMNS = [
    "income", "debt_ratio", "utilization", "age", "open_lines", "late_30", "late_60",
    "merchant_risk", "late_90", "real_estate_loans", "dependents", "months_on_book",
    "inquiries_6m", "device_score", "revolving_balance",
]
TARGET = "defaulted"


def write_export(n_rows=512, seed=0):
    rng = np.random.default_rng(seed)
    path = os.path.join(tempfile.mkdtemp(prefix="risk_"), "export_v3.csv")
    X = rng.normal(size=(n_rows, len(EXPORT_COLUMNS)))
    logit = 1.2 * X[:, 1] + 0.8 * X[:, 2] - 0.6 * X[:, 0] + 0.9 * X[:, 5]
    y = (logit + rng.normal(scale=0.5, size=n_rows) > 0).astype(int)
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(EXPORT_COLUMNS + [TARGET])
        for row, label in zip(X.round(5).tolist(), y.tolist()):
            w.writerow(row + [label])
    return path
