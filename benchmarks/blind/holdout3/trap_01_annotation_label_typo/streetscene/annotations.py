import csv

import torch
from torch.utils.data import Dataset

from .taxonomy import CLASS_TO_ID, CLASSES

FEATURES = ("width_m", "height_m", "distance_m", "speed_mps", "occlusion")


class AnnotationError(ValueError):
    pass


def read_annotations(path):
    feats, labels = [], []
    with open(path, newline="") as f:
        reader = csv.DictReader(f)
        for lineno, row in enumerate(reader, start=2):
            label = row["label"].strip()
            if label not in CLASS_TO_ID:
                raise AnnotationError(
                    f"{path}:{lineno} (frame {row['frame_id']}): unknown label {label!r}; "
                    f"expected one of {list(CLASSES)}. Fix the annotation export and re-run.")
            feats.append([float(row[k]) for k in FEATURES])
            labels.append(CLASS_TO_ID[label])
    return torch.tensor(feats), torch.tensor(labels)


class TrackDataset(Dataset):
    def __init__(self, x, y, mean, std):
        self.x = (x - mean) / std
        self.y = y

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
