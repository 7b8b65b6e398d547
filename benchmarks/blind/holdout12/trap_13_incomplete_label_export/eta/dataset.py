import csv
import math

import torch
from torch.utils.data import TensorDataset

FEATURES = ["distance_km", "items", "hour", "weekday", "courier_rating", "rain_mm"]
TARGET = "delivery_minutes"


class DataValidationError(RuntimeError):
    pass


def read_rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def validate(rows):
    if not rows:
        raise DataValidationError("export is empty")
    missing = [r["order_id"] for r in rows if r[TARGET].strip() == ""]
    if missing:
        raise DataValidationError(
            f"{len(missing)} of {len(rows)} orders have no {TARGET} (first: {missing[:5]}). "
            "The snapshot was cut before these deliveries closed; re-export after the "
            "delivery backfill instead of training on a partial label set."
        )
    ids = [r["order_id"] for r in rows]
    if len(set(ids)) != len(ids):
        raise DataValidationError("duplicate order_id values in export")


def featurize(rows):
    feats = []
    for r in rows:
        hour = float(r["hour"])
        wd = float(r["weekday"])
        feats.append([
            float(r["distance_km"]), float(r["items"]),
            math.sin(2 * math.pi * hour / 24), math.cos(2 * math.pi * hour / 24),
            math.sin(2 * math.pi * wd / 7), math.cos(2 * math.pi * wd / 7),
            float(r["courier_rating"]), float(r["rain_mm"]),
        ])
    x = torch.tensor(feats, dtype=torch.float32)
    y = torch.tensor([float(r[TARGET]) for r in rows], dtype=torch.float32)
    return x, y


def build_splits(path, val_frac=0.2, seed=0):
    rows = read_rows(path)
    validate(rows)
    x, y = featurize(rows)
    g = torch.Generator().manual_seed(seed)
    perm = torch.randperm(len(x), generator=g)
    n_val = int(len(x) * val_frac)
    va, tr = perm[:n_val], perm[n_val:]
    mu, sd = x[tr].mean(0), x[tr].std(0)
    x = (x - mu) / sd
    return TensorDataset(x[tr], y[tr]), TensorDataset(x[va], y[va])
