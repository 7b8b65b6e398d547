import random

import numpy as np
import torch


class Compose:
    def __init__(self, transforms):
        self.transforms = transforms

    def __call__(self, img):
        for t in self.transforms:
            img = t(img)
        return img


class RandomCrop:
    def __init__(self, size):
        self.size = size

    def __call__(self, img):
        w, h = img.size
        left, top = random.randint(0, w - self.size), random.randint(0, h - self.size)
        return img.crop((left, top, left + self.size, top + self.size))


class ToTensor:
    def __call__(self, img):
        arr = img.array.astype(np.float32) / 255.0
        if arr.ndim == 2:
            arr = arr[:, :, None]
        return torch.from_numpy(arr.transpose(2, 0, 1).copy())


class ToImage:
    def __call__(self, tensor):
        from .npyimage import Image
        arr = (tensor.clamp(0, 1) * 255).byte().numpy().transpose(1, 2, 0)
        if arr.shape[2] == 1:
            arr = arr[:, :, 0]
        return Image(arr)


class Resize:
    def __init__(self, size):
        self.size = size

    def __call__(self, img):
        return img.resize((self.size, self.size))
