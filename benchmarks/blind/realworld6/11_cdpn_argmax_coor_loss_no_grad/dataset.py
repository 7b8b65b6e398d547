import numpy as np
import torch
from torch.utils.data import Dataset


class LMOTrain(Dataset):
    """Synthetic object crops with per-pixel normalized object coordinates in [-1, 1]."""

    def __init__(self, cfg):
        self.cfg = cfg
        self.n = cfg.train.num_samples

    def __len__(self):
        return self.n

    def __getitem__(self, idx):
        rng = np.random.RandomState(idx)
        res = self.cfg.dataiter.inp_res
        out = self.cfg.dataiter.out_res
        inp = rng.rand(3, res, res).astype(np.float32)
        yy, xx = np.meshgrid(np.linspace(-1, 1, out), np.linspace(-1, 1, out), indexing='ij')
        coor = np.stack([xx, yy, np.sqrt(np.clip(1 - xx ** 2 - yy ** 2, 0, 1))], axis=2).astype(np.float32)
        mask = ((xx ** 2 + yy ** 2) < 0.8).astype(np.float32)
        coor = coor * mask[..., None]
        return torch.from_numpy(inp), torch.from_numpy(coor), torch.from_numpy(mask)
