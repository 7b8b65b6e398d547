import csv
from pathlib import Path

import numpy as np
import torch
from torch.utils.data import Dataset

N_CLASSES = 6
IMG = 32


def _render(label_ids, rng):
    """4-channel 'microscopy' tile: each label lights up a characteristic pattern."""
    img = rng.normal(0.05, 0.05, size=(4, IMG, IMG)).astype(np.float32)
    yy, xx = np.mgrid[0:IMG, 0:IMG]
    for c in label_ids:
        cy, cx = rng.uniform(8, IMG - 8, size=2)
        r = 3 + c
        blob = (((yy - cy) ** 2 + (xx - cx) ** 2) <= r * r).astype(np.float32)
        img[c % 4] += blob * (0.5 + 0.1 * c)
        if c >= 4:
            img[(c + 1) % 4, :, ::c] += 0.3
    return img


def build_dataset(root, n_images=480, seed=3):
    root = Path(root)
    img_dir = root / "tiles"
    img_dir.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    freq = np.array([0.45, 0.3, 0.2, 0.12, 0.06, 0.04])
    with open(root / "train.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["Id", "Target"])
        for i in range(n_images):
            labels = [c for c in range(N_CLASSES) if rng.random() < freq[c]] or [int(rng.integers(N_CLASSES))]
            np.save(img_dir / f"{i:05d}.npy", _render(labels, rng))
            w.writerow([f"{i:05d}", " ".join(map(str, labels))])


def read_labels(csv_path):
    with open(csv_path, newline="") as f:
        reader = csv.DictReader(f)
        return [(r["Id"], [int(t) for t in r["Target"].split()]) for r in reader]


class CellTiles(Dataset):
    def __init__(self, root, items, augment=False):
        self.root = Path(root)
        self.items = items
        self.augment = augment

    def __len__(self):
        return len(self.items)

    def __getitem__(self, idx):
        image_id, labels = self.items[idx]
        img = torch.from_numpy(np.load(self.root / "tiles" / f"{image_id}.npy"))
        if self.augment:
            k = int(torch.randint(0, 4, (1,)))
            img = torch.rot90(img, k, dims=(1, 2))
            if torch.rand(1) < 0.5:
                img = img.flip(2)
        return {"image": img, "labels": labels, "id": image_id}
