"""Recompute data/class_weights.npy from the training split.
Run again whenever data/classes.txt changes."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from landcover.data import TileDataset, read_classes  # noqa: E402

if __name__ == "__main__":
    classes = read_classes()
    ds = TileDataset(classes, n=360, seed=11)
    counts = np.bincount(ds.labels, minlength=len(classes))
    w = (counts.sum() / (len(classes) * counts)).astype(np.float32)
    np.save("data/class_weights.npy", w)
    print(dict(zip(classes, w.round(3))))
