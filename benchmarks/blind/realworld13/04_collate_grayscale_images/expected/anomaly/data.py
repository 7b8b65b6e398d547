from pathlib import Path

import numpy as np
import torch
from torch.utils.data import Dataset


def read_image(path):
    """Read an image file into an HxWxC uint8 array."""
    image = np.load(path)
    if image.ndim == 2:
        image = np.stack([image] * 3, axis=-1)
    return image


def to_tensor(image, mean=0.5, std=0.25):
    image = image.astype(np.float32) / 255.0
    if image.ndim == 3:
        image = image.transpose(2, 0, 1)
    return torch.from_numpy((image - mean) / std)


class FolderDataset(Dataset):
    def __init__(self, root, categories, split='train'):
        self.samples = []
        for cat in categories:
            for label, sub in enumerate(['good', 'defect']):
                for p in sorted((Path(root) / cat / split / sub).glob('*.npy')):
                    self.samples.append((p, label))

    def __len__(self):
        return len(self.samples)

    def __getitem__(self, idx):
        path, label = self.samples[idx]
        image = read_image(path)
        return {'image': to_tensor(image), 'label': torch.tensor(label), 'image_path': str(path)}
