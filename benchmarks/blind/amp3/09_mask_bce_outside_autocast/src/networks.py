import torch
import torch.nn as nn


def block(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.InstanceNorm2d(cout, affine=True), nn.LeakyReLU(0.2))


class WatermarkNet(nn.Module):
    """Predicts the watermark mask and a coarse clean image."""

    def __init__(self, width=24):
        super().__init__()
        self.enc = nn.Sequential(block(3, width), block(width, width), nn.MaxPool2d(2), block(width, 2 * width))
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.mask_head = nn.Sequential(block(2 * width, width), nn.Conv2d(width, 1, 1), nn.Sigmoid())
        self.img_head = nn.Sequential(block(2 * width + 3, width), nn.Conv2d(width, 3, 1))

    def forward(self, x):
        f = self.up(self.enc(x))
        mask = self.mask_head(f)
        coarse = torch.tanh(self.img_head(torch.cat([f, x], 1)))
        out = mask * coarse + (1 - mask) * x
        return out, mask
