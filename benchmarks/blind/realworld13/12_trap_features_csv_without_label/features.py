import csv
import os

import numpy as np

import config


def read_table(path):
    with open(path, newline='') as f:
        return list(csv.DictReader(f))


def split_features_labels(rows):
    feature_cols = [c for c in rows[0] if c not in (config.ID_COLUMN, config.LABEL_COLUMN)]
    X = np.array([[float(r[c]) for c in feature_cols] for r in rows], dtype=np.float32)
    labels = [r[config.LABEL_COLUMN] for r in rows]
    y = np.array([config.CLASSES.index(l) for l in labels], dtype=np.int64)
    return X, y


def load(name):
    return split_features_labels(read_table(os.path.join(config.DATA_DIR, name)))
