import numpy as np
import torch
from torch.utils.data import Dataset


class SyntheticClips(Dataset):
    """Log-mel-like clips: each sound class has a characteristic band pattern."""

    def __init__(self, n_clips, num_classes, n_mels, frames, seed):
        rng = np.random.RandomState(seed)
        proto = np.random.RandomState(99).rand(num_classes, n_mels).astype(np.float32)
        self.targets = rng.randint(0, num_classes, size=n_clips)
        env = rng.rand(n_clips, 1, frames).astype(np.float32)
        self.mels = proto[self.targets][:, :, None] * env + rng.rand(n_clips, n_mels, frames).astype(np.float32) * 0.4

    def __len__(self):
        return len(self.targets)

    def __getitem__(self, idx):
        return {'mel': torch.from_numpy(self.mels[idx]), 'target': int(self.targets[idx])}
