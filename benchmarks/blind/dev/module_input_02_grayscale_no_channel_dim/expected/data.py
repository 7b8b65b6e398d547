"""Tiny MNIST-like digits dataset stored as a uint8 .npy array of shape (N, 28, 28)."""
import os

import numpy as np
import torch
from torch.utils.data import Dataset

MEAN, STD = 0.1307, 0.3081


def make_fake_digits(path, n=320, seed=0):
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, 10, size=n)
    imgs = rng.integers(0, 40, size=(n, 28, 28)).astype(np.uint8)
    for i, y in enumerate(labels):
        r = 4 + 2 * y
        imgs[i, r:r + 4, 6:22] = 255  # a bright bar whose row depends on the label
    np.save(os.path.join(path, "images.npy"), imgs)
    np.save(os.path.join(path, "labels.npy"), labels)


class DigitsNpy(Dataset):
    def __init__(self, root, split="train"):
        imgs = np.load(os.path.join(root, "images.npy"))
        labels = np.load(os.path.join(root, "labels.npy"))
        cut = int(0.8 * len(imgs))
        sl = slice(0, cut) if split == "train" else slice(cut, None)
        self.images = imgs[sl]
        self.labels = labels[sl]

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, idx):
        img = torch.from_numpy(self.images[idx]).float().div(255.0)
        img = (img - MEAN) / STD
        img = img.unsqueeze(0)  # (1, 28, 28): add the channel dim
        return img, int(self.labels[idx])
