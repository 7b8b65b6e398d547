import numpy as np
import torch
from torch.utils import data


class SyntheticKITTI(data.Dataset):
    """Random LiDAR-like scans: points labelled by the ring they fall in."""

    def __init__(self, num_scans, points_range, num_class, seed):
        rng = np.random.RandomState(seed)
        self.scans = []
        for _ in range(num_scans):
            n = rng.randint(points_range[0], points_range[1])
            xy = rng.uniform(-19.9, 19.9, size=(n, 2)).astype(np.float32)
            z = rng.normal(0, 1, size=(n, 1)).astype(np.float32)
            r = np.linalg.norm(xy, axis=1)
            label = (np.minimum(r // 7, num_class - 2) + 1).astype(np.int64)
            refl = (label[:, None] * 0.2 + rng.normal(0, 0.05, size=(n, 1))).astype(np.float32)
            self.scans.append((np.concatenate([xy, z, refl], axis=1), label))

    def __len__(self):
        return len(self.scans)

    def __getitem__(self, index):
        return self.scans[index]


class voxel_dataset(data.Dataset):
    def __init__(self, in_dataset, grid_size, ignore_label=0, max_volume_space=[20, 20],
                 min_volume_space=[-20, -20]):
        self.point_cloud_dataset = in_dataset
        self.grid_size = np.asarray(grid_size)
        self.ignore_label = ignore_label
        self.max_volume_space = np.asarray(max_volume_space, dtype=np.float32)
        self.min_volume_space = np.asarray(min_volume_space, dtype=np.float32)

    def __len__(self):
        return len(self.point_cloud_dataset)

    def __getitem__(self, index):
        points, labels = self.point_cloud_dataset[index]
        crop_range = self.max_volume_space - self.min_volume_space
        intervals = crop_range / (self.grid_size - 1)
        grid_ind = (np.floor((np.clip(points[:, :2], self.min_volume_space, self.max_volume_space)
                              - self.min_volume_space) / intervals)).astype(np.int64)
        processed_label = np.full(self.grid_size, self.ignore_label, dtype=np.int64)
        processed_label[grid_ind[:, 0], grid_ind[:, 1]] = labels
        return processed_label, grid_ind, labels, points


def collate_fn_BEV(data):
    label2stack = np.stack([d[0] for d in data]).astype(np.int64)
    grid_ind_stack = [d[1] for d in data]
    point_label = [d[2] for d in data]
    xyz = [d[3] for d in data]
    return torch.from_numpy(label2stack), grid_ind_stack, point_label, xyz
