import random
import numpy as np
import torch
from torch.utils.data import Dataset


def synth_scenes(n_scenes, min_L, patch_size, seed=0):
    """Low-res multi-temporal views + high-res target (stand-in for the PROBA-V patches)."""
    rng = np.random.RandomState(seed)
    h, w = patch_size
    scenes = []
    for _ in range(n_scenes):
        hr = rng.rand(h * 3, w * 3).astype(np.float32)
        base = hr.reshape(h, 3, w, 3).mean(axis=(1, 3))
        lrs = np.stack([base + 0.05 * rng.randn(h, w).astype(np.float32) for _ in range(min_L)])
        scenes.append({'lr': lrs, 'hr': hr, 'name': 'imgset%04d' % len(scenes)})
    return scenes


class ImagesetDataset(Dataset):
    def __init__(self, scenes, config, augment=False):
        self.scenes = scenes
        self.config = config
        self.augment = augment

    def __len__(self):
        return len(self.scenes)

    def data_arguments(self, lr, hr):
        cfg = self.config['training']
        if random.random() < cfg['probability of flipping horizontally']:
            lr, hr = lr[:, :, ::-1], hr[:, ::-1]
        if random.random() < cfg['probability of flipping vertically']:
            lr, hr = lr[:, ::-1, :], hr[::-1, :]
        if random.random() < cfg['probability of rotation']:
            k = random.randint(1, 3)
            lr, hr = np.rot90(lr, k, axes=(1, 2)), np.rot90(hr, k, axes=(0, 1))
        return np.ascontiguousarray(lr), np.ascontiguousarray(hr)

    def __getitem__(self, index):
        scene = self.scenes[index]
        lr, hr = scene['lr'], scene['hr']
        if self.augment and self.config['training']['data_arguments']:
            lr, hr = self.data_arguments(lr, hr)
        return {'lr': torch.from_numpy(lr), 'hr': torch.from_numpy(hr), 'name': scene['name']}
