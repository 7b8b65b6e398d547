#coding:utf8
import numpy as np
import torch as t
from torch.utils import data


class ClsDataset(data.Dataset):
    def __init__(self, opt, split='train'):
        self.split = split
        num = opt.train_num if split == 'train' else opt.val_num
        rng = np.random.RandomState(opt.seed + (0 if split == 'train' else 1))
        self.imgs = rng.rand(num, 3, opt.img_size, opt.img_size).astype(np.float32)
        self.labels = rng.randint(0, opt.num_classes, num)
        self.mean = np.array([0.485, 0.456, 0.406], dtype=np.float32).reshape(3, 1, 1)
        self.std = np.array([0.229, 0.224, 0.225], dtype=np.float32).reshape(3, 1, 1)

    def __getitem__(self, index):
        img = (self.imgs[index] - self.mean) / self.std
        if self.split == 'train' and np.random.rand() > 0.5:
            img = img[:, :, ::-1].copy()
        return t.from_numpy(img), int(self.labels[index])

    def __len__(self):
        return len(self.labels)
