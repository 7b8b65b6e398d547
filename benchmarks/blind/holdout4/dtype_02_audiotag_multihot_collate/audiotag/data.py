import json
import os

import numpy as np
from torch.utils.data import Dataset


def synthesize(cfg):
    manifest = os.path.join(cfg.data_dir, "manifest.json")
    if os.path.exists(manifest):
        return manifest
    os.makedirs(cfg.data_dir, exist_ok=True)
    rng = np.random.default_rng(cfg.seed)
    prototypes = rng.normal(0, 1, (len(cfg.tags), cfg.n_mfcc))
    entries = []
    for i in range(cfg.n_clips):
        n_active = rng.integers(1, 4)
        tags = sorted(rng.choice(len(cfg.tags), n_active, replace=False).tolist())
        frames = int(rng.integers(cfg.min_frames, cfg.max_frames))
        clip = rng.normal(0, 0.5, (frames, cfg.n_mfcc)) + prototypes[tags].sum(0)
        name = f"clip_{i:04d}.npy"
        np.save(os.path.join(cfg.data_dir, name), clip.astype(np.float32))
        entries.append({"file": name, "tags": [cfg.tags[t] for t in tags]})
    with open(manifest, "w") as f:
        json.dump(entries, f)
    return manifest


class ClipDataset(Dataset):
    def __init__(self, manifest, tag_names, indices):
        with open(manifest) as f:
            entries = json.load(f)
        self.root = os.path.dirname(manifest)
        self.entries = [entries[i] for i in indices]
        self.tag_to_idx = {t: i for i, t in enumerate(tag_names)}

    def __len__(self):
        return len(self.entries)

    def __getitem__(self, i):
        e = self.entries[i]
        feats = np.load(os.path.join(self.root, e["file"]))
        tags = [self.tag_to_idx[t] for t in e["tags"]]
        return feats, tags, len(self.tag_to_idx)
