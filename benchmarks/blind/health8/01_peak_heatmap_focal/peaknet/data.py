import math

import numpy as np
import torch
from torch.utils.data import Dataset


def gaussian_radius(width):
    return max(1, int(width / 2))


def draw_gaussian_1d(heatmap, center, radius):
    sigma = (2 * radius + 1) / 6
    xs = np.arange(len(heatmap))
    g = np.exp(-((xs - center) ** 2) / (2 * sigma * sigma))
    np.maximum(heatmap, g, out=heatmap)
    heatmap[center] = 1.0


class SpectrumPeaks(Dataset):
    """Synthetic spectra with a few Lorentzian peaks on a sloped baseline."""

    def __init__(self, n, length=128, max_peaks=4, seed=0):
        rng = np.random.RandomState(seed)
        self.length = length
        self.max_peaks = max_peaks
        self.items = []
        xs = np.arange(length)
        for _ in range(n):
            k = rng.randint(1, max_peaks + 1)
            centers = rng.choice(np.arange(8, length - 8), size=k, replace=False)
            widths = rng.uniform(2.0, 6.0, size=k)
            amps = rng.uniform(200.0, 2000.0, size=k)
            sig = rng.uniform(0, 50) + rng.uniform(-0.2, 0.2) * xs
            for c, w, a in zip(centers, widths, amps):
                sig = sig + a / (1 + ((xs - c) / w) ** 2)
            sig = sig + rng.normal(0, 5.0, size=length)
            self.items.append((sig.astype(np.float32), centers, widths))

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        sig, centers, widths = self.items[i]
        hm = np.zeros(self.length, dtype=np.float32)
        wh = np.zeros((1, self.max_peaks), dtype=np.float32)
        ind = np.zeros(self.max_peaks, dtype=np.int64)
        mask = np.zeros(self.max_peaks, dtype=np.float32)
        for j, (c, w) in enumerate(zip(centers, widths)):
            draw_gaussian_1d(hm, int(c), gaussian_radius(w))
            wh[0, j] = w
            ind[j] = int(c)
            mask[j] = 1
        return {
            "input": torch.from_numpy(sig).unsqueeze(0),
            "hm": torch.from_numpy(hm).unsqueeze(0),
            "wh": torch.from_numpy(wh),
            "ind": torch.from_numpy(ind),
            "reg_mask": torch.from_numpy(mask),
        }
