import numpy as np
import torch
from torch.utils import data


class SynthText(data.Dataset):
    def __init__(self, split='train', num_samples=64, img_size=128):
        self.split = split
        self.img_size = img_size
        rng = np.random.RandomState(0 if split == 'train' else 1)
        self.imgs = rng.rand(num_samples, 3, img_size, img_size).astype(np.float32)
        self.boxes = []
        for i in range(num_samples):
            x0, y0 = rng.randint(0, img_size // 2, size=2)
            w, h = rng.randint(16, img_size // 2, size=2)
            self.boxes.append((x0, y0, w, h))

    def __len__(self):
        return len(self.imgs)

    def __getitem__(self, index):
        img = torch.from_numpy(self.imgs[index])
        x0, y0, w, h = self.boxes[index]
        gt_text = torch.zeros(self.img_size, self.img_size)
        gt_text[y0:y0 + h, x0:x0 + w] = 1
        gt_kernel = torch.zeros(self.img_size, self.img_size)
        gt_kernel[y0 + h // 4:y0 + 3 * h // 4, x0 + w // 4:x0 + 3 * w // 4] = 1
        if self.split == 'train':
            return dict(imgs=img, gt_texts=gt_text, gt_kernels=gt_kernel)
        return dict(imgs=img, gt_texts=gt_text)
