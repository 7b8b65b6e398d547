#!/usr/bin/python
# encoding: utf-8

import numpy as np
import torch
from torch.utils.data import Dataset


class synthDataset(Dataset):
    """Synthetic word images: each character draws a distinct stripe pattern in its own column band."""

    def __init__(self, alphabet, n=64, imgH=32, imgW=100, seed=0):
        self.alphabet = alphabet
        self.n = n
        self.imgH, self.imgW = imgH, imgW
        self.seed = seed

    def __len__(self):
        return self.n

    def __getitem__(self, index):
        rng = np.random.RandomState(self.seed + index)
        length = rng.randint(3, 7)
        label = ''.join(rng.choice(list(self.alphabet), length))
        img = rng.rand(1, self.imgH, self.imgW).astype(np.float32) * 0.1
        w = self.imgW // 8
        for i, ch in enumerate(label):
            k = self.alphabet.index(ch)
            img[0, (k % 8) * 4:(k % 8) * 4 + 4, i * w + 4:i * w + w] = 1.0
        img = (img - 0.5) / 0.5
        return torch.from_numpy(img), label


def collate(batch):
    images, labels = zip(*batch)
    return torch.stack(images, 0), list(labels)
