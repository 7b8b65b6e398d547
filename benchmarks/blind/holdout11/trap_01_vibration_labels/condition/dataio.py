import csv

import numpy as np
import torch
from torch.utils.data import TensorDataset


class AnnotationError(ValueError):
    pass


def read_annotations(path, feature_columns, label_column, classes):
    """Read the labelled vibration features exported from the maintenance system.

    Labels must be one of the configured classes; the class list is shared with the
    deployed model and the alerting rules, so it is not extended from the data.
    """
    class_index = {c: i for i, c in enumerate(classes)}
    feats, labels, machines, bad = [], [], [], []
    with open(path, newline="") as f:
        for lineno, row in enumerate(csv.DictReader(f), start=2):
            label = row[label_column]
            if label not in class_index:
                bad.append(f"line {lineno}: {label!r}")
                continue
            feats.append([float(row[c]) for c in feature_columns])
            labels.append(class_index[label])
            machines.append(row["machine_id"])
    if bad:
        raise AnnotationError(
            f"{path}: {len(bad)} row(s) with a condition outside {classes}: " + "; ".join(bad)
        )
    return np.asarray(feats, dtype=np.float32), np.asarray(labels), np.asarray(machines)


def split_by_machine(x, y, machines, val_machines):
    val = np.isin(machines, val_machines)
    mean, std = x[~val].mean(0), x[~val].std(0) + 1e-6
    x = (x - mean) / std
    to_ds = lambda m: TensorDataset(torch.from_numpy(x[m]), torch.from_numpy(y[m]).long())
    return to_ds(~val), to_ds(val), (mean, std)
