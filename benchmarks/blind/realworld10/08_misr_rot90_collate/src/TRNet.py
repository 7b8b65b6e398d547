import torch
import torch.nn as nn


class TRNet(nn.Module):
    """Fuses L low-res views and upsamples x3 (small stand-in for the transformer fusion)."""
    def __init__(self, config):
        super().__init__()
        c = config['network']['channel_size']
        L = config['training']['min_L']
        self.encode = nn.Sequential(nn.Conv2d(L, c, 3, padding=1), nn.PReLU(),
                                    nn.Conv2d(c, c, 3, padding=1), nn.PReLU())
        self.decode = nn.Sequential(nn.Conv2d(c, 9, 3, padding=1), nn.PixelShuffle(3))

    def forward(self, lrs):
        return self.decode(self.encode(lrs)).squeeze(1)
