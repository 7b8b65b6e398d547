import numpy as np
import torch
from torch.utils.data import Dataset

# folder names of the weather image dataset (one folder per class)
WEATHER_FOLDERS = ["cloudy", "foggy", "rainy", "shine", "sunrise"]


def list_classes():
    return sorted(WEATHER_FOLDERS)


def load_split(split, n_per_class=40, size=32, seed=0):
    rng = np.random.RandomState(seed + (0 if split == "train" else 100))
    images, targets = [], []
    for label, name in enumerate(list_classes()):
        base = np.random.RandomState(label).uniform(0.2, 0.8, size=3)
        for _ in range(n_per_class):
            img = np.ones((size, size, 3), dtype=np.float32) * base
            img += rng.normal(0, 0.15, size=img.shape).astype(np.float32)
            img[label * 6:(label * 6) + 6, :, :] += 0.5
            images.append(np.clip(img, 0, 1).astype(np.float32))
            targets.append(label)
    return images, targets


class WeatherDataset(Dataset):
    def __init__(self, split, mean=(0.5, 0.5, 0.5), std=(0.25, 0.25, 0.25)):
        self.images, self.targets = load_split(split)
        self.mean = np.array(mean, dtype=np.float32)
        self.std = np.array(std, dtype=np.float32)

    def __len__(self):
        return len(self.images)

    def __getitem__(self, idx):
        img = (self.images[idx] - self.mean) / self.std
        img = torch.from_numpy(img.transpose(2, 0, 1).copy())
        return img, self.targets[idx]
