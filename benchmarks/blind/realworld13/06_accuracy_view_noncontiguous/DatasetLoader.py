#! /usr/bin/python
# -*- encoding: utf-8 -*-

import numpy as np
import torch
from torch.utils.data import Dataset


class train_dataset_loader(Dataset):
    """Random 'utterance features' per speaker: a speaker-specific offset plus noise."""

    def __init__(self, nClasses=10, utts_per_spk=8, n_mels=20, max_frames=40, seed=0):
        rng = np.random.RandomState(seed)
        spk_means = rng.randn(nClasses, n_mels, 1).astype(np.float32)
        self.data, self.label = [], []
        for spk in range(nClasses):
            for _ in range(utts_per_spk):
                feat = spk_means[spk] + 0.5 * rng.randn(n_mels, max_frames).astype(np.float32)
                self.data.append(feat)
                self.label.append(spk)

    def __len__(self):
        return len(self.label)

    def __getitem__(self, index):
        return torch.from_numpy(self.data[index]).unsqueeze(0), self.label[index]
