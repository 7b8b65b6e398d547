import torch
import torch.nn as nn


def conv_block(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.ReLU(inplace=True))


class Denoiser(nn.Module):
    def __init__(self, channels=16):
        super().__init__()
        self.stem = conv_block(1, channels)
        self.body = nn.Sequential(conv_block(channels, channels), conv_block(channels, channels))
        self.out = nn.Conv2d(channels, 1, 3, padding=1)
        # auxiliary head: regress the noise sigma from pooled features
        self.aux_head = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(channels, 1))

    def forward(self, x, with_aux=False):
        f = self.body(self.stem(x))
        clean = x - self.out(f)
        if with_aux:
            return clean, self.aux_head(f).squeeze(-1)
        return clean
