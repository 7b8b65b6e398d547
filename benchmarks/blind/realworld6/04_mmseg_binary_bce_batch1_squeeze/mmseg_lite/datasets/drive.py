import numpy as np
import torch
from torch.utils.data import Dataset


class DRIVEDataset(Dataset):
    """Retinal vessel segmentation (synthetic stand-in for DRIVE).

    Vessel pixels are 1, background is 0.
    """
    CLASSES = ('background', 'vessel')

    def __init__(self, num_samples=12, img_scale=(64, 64)):
        self.num_samples = num_samples
        self.img_scale = img_scale

    def __len__(self):
        return self.num_samples

    def __getitem__(self, idx):
        rng = np.random.RandomState(idx)
        h, w = self.img_scale
        img = rng.rand(3, h, w).astype(np.float32)
        seg = np.zeros((1, h, w), dtype=np.int64)
        for _ in range(4):
            r = rng.randint(0, h)
            seg[0, r, :] = 1
            img[1, r, :] += 0.5
        return dict(img=torch.from_numpy(img),
                    gt_semantic_seg=torch.from_numpy(seg))
