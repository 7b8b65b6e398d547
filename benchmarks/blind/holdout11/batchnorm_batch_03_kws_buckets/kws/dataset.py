import numpy as np
import torch
from torch.utils.data import Dataset


class KeywordClips(Dataset):
    """Variable-length log-mel clips; each keyword has its own spectral 'signature'."""

    def __init__(self, n, n_mels, n_keywords, seed):
        rng = np.random.default_rng(seed)
        sig_rng = np.random.default_rng(1000)
        signatures = sig_rng.normal(0, 1, size=(n_keywords, n_mels, 1)).astype(np.float32)
        self.items = []
        for _ in range(n):
            label = int(rng.integers(n_keywords))
            frames = int(rng.integers(30, 110))
            envelope = np.hanning(frames)[None, :].astype(np.float32)
            feat = rng.normal(0, 0.7, size=(n_mels, frames)).astype(np.float32)
            feat += 2.0 * signatures[label] * envelope
            self.items.append((torch.from_numpy(feat), label))

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]

    def lengths(self):
        return [feat.shape[-1] for feat, _ in self.items]


def pad_collate(batch):
    feats, labels = zip(*batch)
    longest = max(f.shape[-1] for f in feats)
    out = torch.zeros(len(feats), feats[0].shape[0], longest)
    lengths = torch.tensor([f.shape[-1] for f in feats])
    for i, f in enumerate(feats):
        out[i, :, :f.shape[-1]] = f
    return out, lengths, torch.tensor(labels)
