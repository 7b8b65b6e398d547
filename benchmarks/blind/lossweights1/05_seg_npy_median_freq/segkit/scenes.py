import numpy as np
import torch
from torch.utils.data import Dataset

CLASSES = ["background", "road", "car", "pedestrian"]


def render_scene(rng, size=16):
    """Toy street scene: a road band, a few cars on it, rare pedestrians."""
    img = rng.normal(0.0, 0.2, size=(3, size, size)).astype(np.float32)
    mask = np.zeros((size, size), dtype=np.int64)
    top = rng.integers(6, 10)
    mask[top:top + 5, :] = 1
    for _ in range(rng.integers(1, 3)):
        x = rng.integers(0, size - 4)
        mask[top + 1:top + 4, x:x + 4] = 2
    if rng.random() < 0.5:
        x, y = rng.integers(0, size - 1), rng.integers(0, top - 2)
        mask[y:y + 2, x:x + 1] = 3
    palette = np.array([[0.0, 0.0, 0.0], [0.5, 0.5, 0.5], [1.0, 0.0, 0.0], [0.0, 1.0, 1.0]], dtype=np.float32)
    img += palette[mask].transpose(2, 0, 1)
    return img, mask


class StreetScenes(Dataset):
    def __init__(self, n, seed):
        rng = np.random.default_rng(seed)
        pairs = [render_scene(rng) for _ in range(n)]
        self.images = np.stack([p[0] for p in pairs])
        self.masks = np.stack([p[1] for p in pairs])

    def __len__(self):
        return len(self.images)

    def __getitem__(self, i):
        return torch.from_numpy(self.images[i]), torch.from_numpy(self.masks[i])
