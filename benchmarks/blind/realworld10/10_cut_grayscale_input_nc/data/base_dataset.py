import random
import numpy as np
import torch
import torch.nn.functional as F


def get_params(opt, size):
    w, h = size
    new_h = new_w = opt.load_size
    x = random.randint(0, np.maximum(0, new_w - opt.crop_size))
    y = random.randint(0, np.maximum(0, new_h - opt.crop_size))
    flip = random.random() > 0.5
    return {'crop_pos': (x, y), 'flip': flip}


def get_transform(opt, params=None, grayscale=False):
    """Builds the preprocessing pipeline for an HxWxC uint8 image."""
    def transform(img):
        t = torch.from_numpy(img).float().div(255.0).permute(2, 0, 1)  # C, H, W
        if grayscale:
            t = (0.299 * t[0:1] + 0.587 * t[1:2] + 0.114 * t[2:3])
        if 'resize' in opt.preprocess:
            t = F.interpolate(t[None], size=(opt.load_size, opt.load_size), mode='bilinear',
                              align_corners=False)[0]
        if 'crop' in opt.preprocess:
            x = random.randint(0, opt.load_size - opt.crop_size)
            y = random.randint(0, opt.load_size - opt.crop_size)
            t = t[:, y:y + opt.crop_size, x:x + opt.crop_size]
        if not opt.no_flip and random.random() > 0.5:
            t = t.flip(-1)
        return (t - 0.5) / 0.5
    return transform
