import numpy as np
import torch
from torch.utils.data import TensorDataset


def synth_housing(n=2000, seed=3):
    rng = np.random.default_rng(seed)
    area = rng.uniform(30, 250, n)
    rooms = rng.integers(1, 7, n)
    age = rng.uniform(0, 80, n)
    dist_center = rng.uniform(0.5, 40, n)
    price = 3.1 * area + 12 * rooms - 0.8 * age - 2.5 * dist_center + rng.normal(0, 15, n)
    x = np.stack([area, rooms, age, dist_center], 1).astype(np.float32)
    x = (x - x.mean(0)) / x.std(0)
    y = ((price - price.mean()) / price.std()).astype(np.float32)
    return TensorDataset(torch.from_numpy(x), torch.from_numpy(y))
