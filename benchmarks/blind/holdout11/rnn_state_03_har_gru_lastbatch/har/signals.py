import numpy as np
import torch
from torch.utils.data import TensorDataset


def _window(rng, activity, length, channels):
    t = np.arange(length) / 50.0
    freq = [1.9, 1.6, 2.2, 0.0, 0.0, 0.0][activity]
    amp = [1.0, 1.2, 1.4, 0.05, 0.08, 0.03][activity]
    gravity = np.zeros(channels)
    gravity[[2, 2, 2, 0, 2, 1][activity]] = 1.0
    sig = gravity[None, :] + amp * np.sin(2 * np.pi * freq * t + rng.uniform(0, 6.28))[:, None] \
        * rng.uniform(0.5, 1.0, channels)[None, :]
    return (sig + rng.normal(0, 0.15, (length, channels))).astype(np.float32)


def make_subject_split(cfg):
    """Leave-subjects-out split: each subject contributes windows of every activity."""
    rng = np.random.default_rng(cfg.seed)
    per_subject = []
    for _ in range(cfg.n_subjects):
        labels = rng.integers(0, len(cfg.activities), cfg.windows_per_subject)
        x = np.stack([_window(rng, a, cfg.window, cfg.channels) for a in labels])
        per_subject.append((x, labels))
    def cat(parts):
        return TensorDataset(torch.from_numpy(np.concatenate([p[0] for p in parts])),
                             torch.from_numpy(np.concatenate([p[1] for p in parts])).long())
    return cat(per_subject[cfg.val_subjects:]), cat(per_subject[:cfg.val_subjects])
