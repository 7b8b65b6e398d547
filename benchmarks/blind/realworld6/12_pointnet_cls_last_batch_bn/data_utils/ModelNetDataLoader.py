'''
@author: Xu Yan
@file: ModelNet.py
'''
import os
import numpy as np
import warnings

from torch.utils.data import Dataset
warnings.filterwarnings('ignore')


def pc_normalize(pc):
    centroid = np.mean(pc, axis=0)
    pc = pc - centroid
    m = np.max(np.sqrt(np.sum(pc**2, axis=1)))
    pc = pc / m
    return pc


class ModelNetDataLoader(Dataset):
    """Synthetic stand-in for ModelNet: each class is a noisy primitive shape."""

    def __init__(self, root, args, split='train', process_data=False):
        self.root = root
        self.npoints = args.num_point
        self.num_category = args.num_category
        self.split = split
        n_per_class = 3 if split == 'train' else 1
        self.datapath = [(c, k) for c in range(self.num_category) for k in range(n_per_class)]
        if split == 'train':
            self.datapath += [(0, 3 + k) for k in range(3)]
        print('The size of %s data is %d' % (split, len(self.datapath)))

    def __len__(self):
        return len(self.datapath)

    def _get_item(self, index):
        cls, k = self.datapath[index]
        rng = np.random.RandomState(index * 31 + (0 if self.split == 'train' else 7))
        pts = rng.randn(self.npoints, 3).astype(np.float32)
        pts /= np.linalg.norm(pts, axis=1, keepdims=True)
        scale = np.array([1.0 + 0.3 * (cls % 3), 1.0 + 0.2 * (cls % 2), 1.0], dtype=np.float32)
        point_set = pts * scale + 0.02 * rng.randn(self.npoints, 3).astype(np.float32)
        point_set[:, 0:3] = pc_normalize(point_set[:, 0:3])
        label = np.array([cls]).astype(np.int32)
        return point_set, label[0]

    def __getitem__(self, index):
        return self._get_item(index)
