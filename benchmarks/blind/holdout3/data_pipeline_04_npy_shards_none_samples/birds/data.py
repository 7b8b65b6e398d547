import json
import logging
import os

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset

from .prepare import SPECIES

log = logging.getLogger(__name__)


class ClipDataset(Dataset):
    def __init__(self, manifest_path, indices=None):
        self.root = os.path.dirname(manifest_path)
        with open(manifest_path) as f:
            entries = json.load(f)
        self.entries = entries if indices is None else [entries[i] for i in indices]

    def __len__(self):
        return len(self.entries)

    def __getitem__(self, i):
        entry = self.entries[i]
        try:
            mel = np.load(os.path.join(self.root, entry["path"]))
        except (OSError, ValueError, EOFError) as err:
            log.warning("skipping unreadable clip %s (%s)", entry["path"], err)
            return None
        x = torch.from_numpy(mel).unsqueeze(0)
        return x, SPECIES.index(entry["species"])


def make_loaders(manifest_path, batch_size=32, val_fraction=0.2, seed=0):
    with open(manifest_path) as f:
        n = len(json.load(f))
    perm = np.random.default_rng(seed).permutation(n)
    n_val = int(n * val_fraction)
    train = ClipDataset(manifest_path, perm[n_val:].tolist())
    val = ClipDataset(manifest_path, perm[:n_val].tolist())
    return (DataLoader(train, batch_size=batch_size, shuffle=True),
            DataLoader(val, batch_size=batch_size))
