import numpy as np
import torch
from torch.utils.data import Dataset


class DetTrainDataset(Dataset):
    """Synthetic query images with one object center per image."""

    def __init__(self, cfg, size=64, length=64):
        self.cfg = cfg
        self.size = size
        self.length = length

    def __len__(self):
        return self.length

    def __getitem__(self, index):
        rng = np.random.RandomState(index)
        img = rng.rand(3, self.size, self.size).astype(np.float32) * 0.2
        cy, cx = rng.randint(8, self.size - 8, size=2)
        scale = rng.uniform(0.5, 2.0)
        img[:, cy - 4:cy + 4, cx - 4:cx + 4] += 0.8
        fh = fw = self.size // 4
        center_idx = (cy // 4) * fw + (cx // 4)
        offset = np.array([(cy % 4) / 4.0, (cx % 4) / 4.0], dtype=np.float32)
        return {'que_imgs': torch.from_numpy(img),
                'center_idx': torch.tensor(center_idx, dtype=torch.long),
                'offset': torch.from_numpy(offset),
                'scale': torch.tensor(np.log2(scale), dtype=torch.float32)}


name2dataset = {
    'det_train': DetTrainDataset,
}
