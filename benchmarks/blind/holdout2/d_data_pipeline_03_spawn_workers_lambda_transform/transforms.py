"""Minimal torchvision-style transforms (torchvision is not installed on the training box)."""
import torch


class Compose:
    def __init__(self, fns):
        self.fns = list(fns)

    def __call__(self, x):
        for fn in self.fns:
            x = fn(x)
        return x


class RandomHFlip:
    def __init__(self, p=0.5):
        self.p = p

    def __call__(self, img):
        return img.flip(-1) if torch.rand(()) < self.p else img


def to_float(img_u8):
    return img_u8.float() / 255.0


def build_transform(mean, std, train):
    mean = torch.tensor(mean).view(-1, 1, 1)
    std = torch.tensor(std).view(-1, 1, 1)
    steps = [to_float, lambda x: (x - mean) / std]
    if train:
        steps.append(RandomHFlip())
    return Compose(steps)
