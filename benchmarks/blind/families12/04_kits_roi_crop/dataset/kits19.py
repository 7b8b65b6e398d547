import json

import numpy as np
import torch
from torch.utils.data import Dataset


class KiTS19(Dataset):
    def __init__(self, num_cases=6, slices_per_case=8, img_size=(32, 32), roi_file=None,
                 roi_error_range=5, seed=0):
        rng = np.random.RandomState(seed)
        self.img_size = img_size
        self.roi_error_range = roi_error_range
        self.roi = {}
        if roi_file is not None:
            with open(roi_file) as f:
                self.roi = {int(k): v for k, v in json.load(f).items()}

        self.imgs, self.segs, self.case_idx = [], [], []
        h, w = img_size
        for case_i in range(num_cases):
            for _ in range(slices_per_case):
                img = rng.normal(0, 0.1, size=(h, w)).astype(np.float32)
                seg = np.zeros((h, w), dtype=np.int64)
                cy, cx = rng.randint(8, h - 8), rng.randint(8, w - 8)
                yy, xx = np.ogrid[:h, :w]
                kidney = (yy - cy) ** 2 + (xx - cx) ** 2 < 36
                tumor = (yy - cy) ** 2 + (xx - cx) ** 2 < 9
                img[kidney] += 1.0
                img[tumor] += 1.0
                seg[kidney] = 1
                seg[tumor] = 2
                self.imgs.append(img)
                self.segs.append(seg)
                self.case_idx.append(case_i)

    def __len__(self):
        return len(self.imgs)

    def _crop_roi(self, img, seg, case_i):
        if case_i in self.roi:
            roi = self.roi[case_i]
            e = self.roi_error_range
            y0, y1 = max(roi['min_y'] - e, 0), roi['max_y'] + e
            x0, x1 = max(roi['min_x'] - e, 0), roi['max_x'] + e
            img = img[y0:y1, x0:x1]
            seg = seg[y0:y1, x0:x1]
            img = np.pad(img, ((0, self.img_size[0] - img.shape[0]), (0, self.img_size[1] - img.shape[1])))
            seg = np.pad(seg, ((0, self.img_size[0] - seg.shape[0]), (0, self.img_size[1] - seg.shape[1])))
            return img, seg

    def __getitem__(self, idx):
        img, seg = self.imgs[idx], self.segs[idx]
        img, seg = self._crop_roi(img, seg, self.case_idx[idx])
        img = torch.from_numpy(np.ascontiguousarray(img))[None]
        seg = torch.from_numpy(np.ascontiguousarray(seg))
        return {'image': img, 'label': seg, 'case': self.case_idx[idx]}
