import csv
from collections import Counter

import numpy as np
import torch
from torch.utils.data import Dataset


class AnnotationError(ValueError):
    pass


def read_annotations(csv_path, classes):
    with open(csv_path, newline="") as f:
        rows = list(csv.DictReader(f))
    unknown = Counter(r["label"] for r in rows if r["label"] not in classes)
    if unknown:
        culprits = sorted({r["annotator"] for r in rows if r["label"] in unknown})
        raise AnnotationError(
            f"{csv_path}: {sum(unknown.values())} rows carry labels outside config.classes "
            f"{dict(unknown)} (annotators: {', '.join(culprits)}). Correct the export or update "
            f"the class list; labels are never remapped silently.")
    return rows


class MelClipDataset(Dataset):
    def __init__(self, rows, classes):
        self.index = {c: i for i, c in enumerate(classes)}
        self.rows = rows

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, i):
        r = self.rows[i]
        mel = np.load(r["feature_file"])
        return torch.from_numpy(mel).unsqueeze(0), self.index[r["label"]]
