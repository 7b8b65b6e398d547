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


def build_train_transform(cfg):
    ops = [lambda x: random_resized_crop(x, (cfg.crop_min, 1.0))]
    if cfg.hflip:
        ops.append(lambda x: x.flip(-1) if torch.rand(1).item() < 0.5 else x)
    if cfg.color_jitter > 0:
        s = cfg.color_jitter
        ops.append(lambda x: (x * (1 + s * (torch.rand(x.size(0), 1, 1) - 0.5))
                              + s * (torch.rand(x.size(0), 1, 1) - 0.5)).clamp(0, 1))
    if cfg.noise_std > 0:
        ops.append(lambda x: x + cfg.noise_std * torch.randn_like(x))
    return Compose(ops)


class TwoViews:
    def __init__(self, transform):
        self.transform = transform

    def __call__(self, x):
        return self.transform(x), self.transform(x)
