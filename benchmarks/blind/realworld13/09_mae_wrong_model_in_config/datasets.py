import numpy as np
import torch
from torch.utils.data import Dataset

from masking_generator import RandomMaskingGenerator


class DataAugmentationForMAE(object):
    def __init__(self, args):
        self.masked_position_generator = RandomMaskingGenerator(args.window_size, args.mask_ratio)

    def __call__(self, image):
        return image, self.masked_position_generator()


class OCTImages(Dataset):
    """Synthetic stand-in for the OCT B-scan folder (layered horizontal bands)."""

    def __init__(self, n, transform, seed=0):
        rng = np.random.RandomState(seed)
        rows = np.arange(32)[:, None]
        self.images = []
        for _ in range(n):
            freq = rng.uniform(0.2, 0.6)
            band = np.sin(rows * freq + rng.uniform(0, 3)) * np.ones((1, 32))
            img = np.stack([band] * 3) + 0.1 * rng.randn(3, 32, 32)
            self.images.append(img.astype(np.float32))
        self.transform = transform

    def __len__(self):
        return len(self.images)

    def __getitem__(self, i):
        img, mask = self.transform(torch.from_numpy(self.images[i]))
        return (img, torch.from_numpy(mask).bool()), 0


def build_pretraining_dataset(args):
    return OCTImages(args.num_images, DataAugmentationForMAE(args))
