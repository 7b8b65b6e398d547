import numpy as np
import torch
from torch.utils.data import Dataset
from config import cfg


class Human36MCrops(Dataset):
    """pre-cropped person patches + root-relative joint targets in heatmap space (synthetic)"""

    def __init__(self, n, seed=0):
        rng = np.random.RandomState(seed)
        self.imgs = rng.rand(n, 3, cfg.input_shape[0], cfg.input_shape[1]).astype(np.float32)
        coord = rng.rand(n, cfg.joint_num, 3).astype(np.float32)
        coord[:, :, 0] *= cfg.output_shape[1] - 1
        coord[:, :, 1] *= cfg.output_shape[0] - 1
        coord[:, :, 2] *= cfg.depth_dim - 1
        self.coord = coord
        self.vis = (rng.rand(n, cfg.joint_num, 1) > 0.1).astype(np.float32)

    def __len__(self):
        return len(self.imgs)

    def __getitem__(self, idx):
        img = torch.from_numpy(self.imgs[idx])
        target = {'coord': torch.from_numpy(self.coord[idx]), 'vis': torch.from_numpy(self.vis[idx]),
                  'have_depth': torch.ones(1)}
        return img, target
