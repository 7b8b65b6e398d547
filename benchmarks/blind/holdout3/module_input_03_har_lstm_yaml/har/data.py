import numpy as np
import torch
from torch.utils.data import Dataset

from .signals import simulate_imu, add_magnitude_channel


class IMUWindows(Dataset):
    def __init__(self, n, dcfg, seed):
        rng = np.random.default_rng(seed)
        acts = dcfg["activities"]
        self.x, self.y = [], []
        for _ in range(n):
            label = int(rng.integers(len(acts)))
            sig = simulate_imu(acts[label], dcfg["window"], dcfg["sample_rate_hz"], rng)
            if dcfg.get("add_magnitude", False):
                sig = add_magnitude_channel(sig)
            sig = (sig - sig.mean(0)) / (sig.std(0) + 1e-5)
            self.x.append(torch.from_numpy(sig.astype(np.float32)))
            self.y.append(label)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
