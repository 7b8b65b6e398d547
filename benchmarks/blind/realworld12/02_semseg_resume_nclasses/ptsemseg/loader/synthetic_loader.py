import numpy as np
import torch
from torch.utils import data


class _SyntheticSegLoader(data.Dataset):
    """Small stand-in for the on-disk datasets: blobs of a few classes on a background."""

    n_classes = None

    def __init__(self, root=None, split="train", img_size=(32, 64), n_samples=48, seed=0):
        self.split = split
        self.img_size = img_size
        rng = np.random.RandomState(seed if split == "train" else seed + 1)
        h, w = img_size
        self.images, self.labels = [], []
        for _ in range(n_samples):
            lbl = np.zeros((h, w), dtype=np.int64)
            img = rng.normal(0, 0.2, size=(3, h, w)).astype(np.float32)
            for _ in range(3):
                c = rng.randint(1, self.n_classes)
                y0, x0 = rng.randint(0, h - 8), rng.randint(0, w - 8)
                lbl[y0:y0 + 8, x0:x0 + 8] = c
                img[:, y0:y0 + 8, x0:x0 + 8] += (c / self.n_classes) * 2.0
            self.images.append(img)
            self.labels.append(lbl)

    def __len__(self):
        return len(self.images)

    def __getitem__(self, index):
        return torch.from_numpy(self.images[index]), torch.from_numpy(self.labels[index])


class cityscapesLoader(_SyntheticSegLoader):
    n_classes = 19


class pascalVOCLoader(_SyntheticSegLoader):
    n_classes = 21
