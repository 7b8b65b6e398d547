import json
from pathlib import Path

import numpy as np
import torch
from torch.utils.data import Dataset


class MFCCDataset(Dataset):
    def __init__(self, manifest_path, indices=None, cmvn=True):
        manifest_path = Path(manifest_path)
        self.root = manifest_path.parent
        entries = json.loads(manifest_path.read_text())
        self.entries = [entries[i] for i in indices] if indices is not None else entries
        self.cmvn = cmvn

    def __len__(self):
        return len(self.entries)

    def __getitem__(self, idx):
        e = self.entries[idx]
        feats = np.load(self.root / e["file"])
        if self.cmvn:
            feats = (feats - feats.mean(axis=1, keepdims=True)) / (feats.std(axis=1, keepdims=True) + 1e-5)
        return torch.from_numpy(feats).float(), torch.tensor(e["label"], dtype=torch.long)
