import numpy as np
import torch
from torch.utils.data import Dataset


class LaneClsDataset(Dataset):
    """Synthetic CULane-like frames: straight lanes drawn on noise, labelled on row anchors."""

    def __init__(self, num_samples, img_h, img_w, griding_num, num_lanes, cls_num_per_lane, seed=0):
        self.rng = np.random.RandomState(seed)
        self.samples = [self._make(img_h, img_w, num_lanes) for _ in range(num_samples)]
        self.img_h, self.img_w = img_h, img_w
        self.griding_num = griding_num
        self.num_lanes = num_lanes
        self.row_anchor = np.linspace(img_h // 3, img_h - 1, cls_num_per_lane).astype(int)

    def _make(self, h, w, num_lanes):
        img = self.rng.rand(3, h, w).astype(np.float32) * 0.3
        lanes = []
        for i in range(num_lanes):
            if self.rng.rand() < 0.2:
                lanes.append(None)
                continue
            x0 = (i + 0.5) * w / num_lanes + self.rng.randn() * 2
            slope = (i - (num_lanes - 1) / 2) * 0.6 + self.rng.randn() * 0.05
            xs = np.clip(x0 + slope * (np.arange(h) - h / 2), 0, w - 1)
            img[:, np.arange(h), xs.astype(int)] = 1.0
            lanes.append(xs)
        return img, lanes

    def _grid_pts(self, lanes):
        pts = np.zeros((len(self.row_anchor), self.num_lanes), dtype=np.int64)
        col_sample = np.linspace(0, self.img_w - 1, self.griding_num)
        for j, xs in enumerate(lanes):
            for i, r in enumerate(self.row_anchor):
                if xs is None:
                    pts[i, j] = self.griding_num
                else:
                    pts[i, j] = np.argmin(np.abs(col_sample - xs[r]))
        return pts

    def __len__(self):
        return len(self.samples)

    def __getitem__(self, index):
        img, lanes = self.samples[index]
        cls_label = self._grid_pts(lanes)
        return torch.from_numpy(img), torch.from_numpy(cls_label)
