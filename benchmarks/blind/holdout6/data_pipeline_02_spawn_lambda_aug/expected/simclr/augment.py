import math

import torch


class Compose:
    def __init__(self, ops):
        self.ops = ops

    def __call__(self, x):
        for op in self.ops:
            x = op(x)
        return x


def random_resized_crop(x, scale=(0.5, 1.0)):
    _, h, w = x.shape
    s = math.sqrt(torch.empty(1).uniform_(*scale).item())
    ch, cw = max(4, int(h * s)), max(4, int(w * s))
    i = torch.randint(0, h - ch + 1, (1,)).item()
    j = torch.randint(0, w - cw + 1, (1,)).item()
    crop = x[:, i:i + ch, j:j + cw].unsqueeze(0)
    return torch.nn.functional.interpolate(crop, size=(h, w), mode="bilinear", align_corners=False)[0]


class RandomResizedCrop:
    def __init__(self, crop_min):
        self.scale = (crop_min, 1.0)

    def __call__(self, x):
        return random_resized_crop(x, self.scale)


class RandomHFlip:
    def __call__(self, x):
        return x.flip(-1) if torch.rand(1).item() < 0.5 else x


class ColorJitter:
    def __init__(self, strength):
        self.s = strength

    def __call__(self, x):
        s = self.s
        return (x * (1 + s * (torch.rand(x.size(0), 1, 1) - 0.5)) + s * (torch.rand(x.size(0), 1, 1) - 0.5)).clamp(0, 1)


class GaussianNoise:
    def __init__(self, std):
        self.std = std

    def __call__(self, x):
        return x + self.std * torch.randn_like(x)


def build_train_transform(cfg):
    ops = [RandomResizedCrop(cfg.crop_min)]
    if cfg.hflip:
        ops.append(RandomHFlip())
    if cfg.color_jitter > 0:
        ops.append(ColorJitter(cfg.color_jitter))
    if cfg.noise_std > 0:
        ops.append(GaussianNoise(cfg.noise_std))
    return Compose(ops)


class TwoViews:
    def __init__(self, transform):
        self.transform = transform

    def __call__(self, x):
        return self.transform(x), self.transform(x)
