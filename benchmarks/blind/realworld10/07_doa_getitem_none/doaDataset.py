import numpy as np
import torch
from torch.utils.data import Dataset


def steering_vector(theta_deg, m, d):
    k = np.arange(m)
    return np.exp(-2j * np.pi * d * k * np.sin(np.deg2rad(theta_deg)))


def simulate_array(cfg, seed=0):
    """Sample covariance matrices of a ULA for one source at a random grid bearing."""
    rng = np.random.RandomState(seed)
    m, d, n = cfg['array']['num_elements'], cfg['array']['spacing'], cfg['array']['snapshots']
    lo, hi, step = cfg['dataset']['bearing_grid']
    grid = np.arange(lo, hi + step, step)
    snr = 10 ** (cfg['dataset']['snr_db'] / 10)
    covs, bearings, ranges = [], [], []
    for _ in range(cfg['dataset']['num_samples']):
        idx = rng.randint(len(grid))
        a = steering_vector(grid[idx], m, d)
        s = np.sqrt(snr) * (rng.randn(n) + 1j * rng.randn(n)) / np.sqrt(2)
        noise = (rng.randn(m, n) + 1j * rng.randn(m, n)) / np.sqrt(2)
        x = np.outer(a, s) + noise
        r = x @ x.conj().T / n
        covs.append(np.stack([r.real, r.imag]).astype(np.float32))
        bearings.append(idx)
        ranges.append(rng.uniform(1.0, 10.0))
    return np.stack(covs), np.array(bearings), np.array(ranges, dtype=np.float32), len(grid)


class DOADataset(Dataset):
    def __init__(self, covs, bearings, ranges, label_type='bearing'):
        self.covs = covs
        self.bearings = bearings
        self.ranges = ranges
        self.label_type = label_type

    def __len__(self):
        return len(self.covs)

    def __getitem__(self, idx):
        inputs = torch.from_numpy(self.covs[idx])
        if self.label_type == 'bearing':
            return inputs, int(self.bearings[idx])
        elif self.label_type == 'range':
            return inputs, torch.tensor(self.ranges[idx])
