import os

import numpy as np
import torch
from torch.utils.data import Dataset

from .features import make_features, synth_logmel


def prepare(cfg):
    root = cfg["root"]
    index = os.path.join(root, "index.npz")
    if os.path.exists(index):
        return index
    os.makedirs(root, exist_ok=True)
    rng = np.random.default_rng(0)
    labels = rng.integers(0, len(cfg["keywords"]), cfg["n_clips"])
    feats = np.stack([
        make_features(synth_logmel(rng, int(l), cfg["n_mels"], cfg["n_frames"]), cfg["use_deltas"])
        for l in labels
    ]).astype(np.float32)
    np.savez(index, feats=feats, labels=labels)
    return index


class KeywordDataset(Dataset):
    def __init__(self, index_path, split, val_every=5):
        blob = np.load(index_path)
        idx = np.arange(len(blob["labels"]))
        keep = idx % val_every == 0 if split == "val" else idx % val_every != 0
        self.feats = blob["feats"][keep]
        self.labels = blob["labels"][keep]
        mean = self.feats.mean(axis=(0, 2), keepdims=True)
        std = self.feats.std(axis=(0, 2), keepdims=True) + 1e-5
        self.feats = (self.feats - mean) / std

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return torch.from_numpy(self.feats[i]), int(self.labels[i])
