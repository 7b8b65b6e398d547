import os

import numpy as np
import torch
from torch.utils.data import Dataset


class SegmentationDataset(Dataset):
    """Dataset for semantic segmentation samples stored as .npy arrays"""

    def __init__(self, work_folder, dataset, num_bands, max_sample_count=None):
        self.work_folder = work_folder
        self.dataset = dataset
        self.num_bands = num_bands
        self.sat_img = np.load(os.path.join(work_folder, f"{dataset}_sat_img.npy"), mmap_mode="r")
        self.map_img = np.load(os.path.join(work_folder, f"{dataset}_map_img.npy"), mmap_mode="r")
        self.max_sample_count = max_sample_count or self.sat_img.shape[0]

    def __len__(self):
        return self.max_sample_count

    def __getitem__(self, index):
        sat_img = np.asarray(self.sat_img[index, : self.num_bands], dtype=np.float32) / 255.0
        map_img = np.asarray(self.map_img[index], dtype=np.int64)
        return {"sat_img": torch.from_numpy(sat_img), "map_img": torch.from_numpy(map_img)}
