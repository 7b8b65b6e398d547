import math
import os
import random

import numpy as np
import torch
import torch.nn.functional as F


class Compose:
    def __init__(self, transforms):
        self.transforms = transforms

    def __call__(self, img):
        for t in self.transforms:
            img = t(img)
        return img


class Grayscale:
    def __call__(self, img):
        # HWC uint8 -> HW1 float
        gray = img[..., 0] * 0.299 + img[..., 1] * 0.587 + img[..., 2] * 0.114
        return gray[..., None].astype(np.float32)


class Resize:
    """size: int -> the smaller edge is matched to size (aspect ratio kept); (h, w) -> exact size."""
    def __init__(self, size):
        self.size = size

    def __call__(self, img):
        h, w = img.shape[:2]
        if isinstance(self.size, int):
            if h <= w:
                oh, ow = self.size, int(self.size * w / h)
            else:
                oh, ow = int(self.size * h / w), self.size
        else:
            oh, ow = self.size
        t = torch.from_numpy(np.ascontiguousarray(img)).permute(2, 0, 1)[None]
        t = F.interpolate(t, size=(oh, ow), mode='bilinear', align_corners=False)
        return t[0].permute(1, 2, 0).numpy()


class CenterCrop:
    def __init__(self, size):
        self.size = (size, size) if isinstance(size, int) else size

    def __call__(self, img):
        h, w = img.shape[:2]
        th, tw = self.size
        i, j = (h - th) // 2, (w - tw) // 2
        return img[i:i + th, j:j + tw]


class RandomRotation:
    def __init__(self, degrees):
        self.degrees = degrees

    def __call__(self, img):
        angle = math.radians(random.uniform(-self.degrees, self.degrees))
        t = torch.from_numpy(np.ascontiguousarray(img)).permute(2, 0, 1)[None]
        theta = torch.tensor([[math.cos(angle), -math.sin(angle), 0.],
                              [math.sin(angle), math.cos(angle), 0.]])[None]
        grid = F.affine_grid(theta, t.shape, align_corners=False)
        return F.grid_sample(t, grid, align_corners=False)[0].permute(1, 2, 0).numpy()


class ToTensor:
    def __call__(self, img):
        return torch.from_numpy(np.ascontiguousarray(img)).permute(2, 0, 1).float() / 255.


class ImageFolder(torch.utils.data.Dataset):
    def __init__(self, root, transform=None):
        self.classes = sorted(os.listdir(root))
        self.samples = []
        for idx, c in enumerate(self.classes):
            for f in sorted(os.listdir(os.path.join(root, c))):
                self.samples.append((os.path.join(root, c, f), idx))
        self.transform = transform

    def __len__(self):
        return len(self.samples)

    def __getitem__(self, index):
        path, target = self.samples[index]
        img = np.load(path)
        if self.transform is not None:
            img = self.transform(img)
        return img, target
