import os

import torch
import torch.nn as nn


class PatchEncoder(nn.Module):
    """Small conv encoder; weights come from the self-supervised pretraining stage."""

    def __init__(self, width=16):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(1, width, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                                  nn.Conv2d(width, 2 * width, 3, padding=1), nn.ReLU(),
                                  nn.AdaptiveAvgPool2d(2))
        self.out_dim = 2 * width * 4

    def forward(self, x):
        return self.stem(x).flatten(1)


def load_pretrained(path, width=16):
    enc = PatchEncoder(width)
    if os.path.exists(path):
        enc.load_state_dict(torch.load(path, map_location="cpu"))
    else:
        # no checkpoint in the repo: fall back to a fixed random-feature encoder
        g = torch.Generator().manual_seed(1234)
        with torch.no_grad():
            for p in enc.parameters():
                p.copy_(torch.randn(p.shape, generator=g) * (1.0 / max(1, p[0].numel()) ** 0.5))
    return enc
