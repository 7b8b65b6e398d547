import numpy as np
import torch


class ExtCompose(object):
    def __init__(self, transforms):
        self.transforms = transforms

    def __call__(self, img, lbl):
        for t in self.transforms:
            img, lbl = t(img, lbl)
        return img, lbl


class ExtRandomHorizontalFlip(object):
    def __init__(self, p=0.5):
        self.p = p

    def __call__(self, img, lbl):
        if np.random.rand() < self.p:
            return img[:, ::-1].copy(), lbl[:, ::-1].copy()
        return img, lbl


class ExtToTensor(object):
    def __call__(self, pic, lbl):
        img = torch.from_numpy(pic.transpose(2, 0, 1).astype(np.float32) / 255.)
        return img, torch.from_numpy(np.array(lbl, dtype=np.uint8))


class ExtNormalize(object):
    def __init__(self, mean, std):
        self.mean = torch.tensor(mean).view(3, 1, 1)
        self.std = torch.tensor(std).view(3, 1, 1)

    def __call__(self, tensor, lbl):
        return (tensor - self.mean) / self.std, lbl
