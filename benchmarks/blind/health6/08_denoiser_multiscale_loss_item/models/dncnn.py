import torch.nn as nn
import torch.nn.functional as F


class ConvBlock(nn.Sequential):
    def __init__(self, i, o):
        super().__init__(nn.Conv2d(i, o, 3, padding=1), nn.ReLU(inplace=True))


class MultiScaleDenoiser(nn.Module):
    """Predicts the clean image at 1/4, 1/2 and full resolution (deep supervision)."""

    def __init__(self, ch=1, width=12):
        super().__init__()
        self.enc1 = ConvBlock(ch, width)
        self.enc2 = ConvBlock(width, width * 2)
        self.enc3 = ConvBlock(width * 2, width * 2)
        self.out3 = nn.Conv2d(width * 2, ch, 1)
        self.dec2 = ConvBlock(width * 2 + width * 2, width)
        self.out2 = nn.Conv2d(width, ch, 1)
        self.dec1 = ConvBlock(width + width, width)
        self.out1 = nn.Conv2d(width, ch, 1)

    def forward(self, x):
        e1 = self.enc1(x)
        e2 = self.enc2(F.avg_pool2d(e1, 2))
        e3 = self.enc3(F.avg_pool2d(e2, 2))
        d2 = self.dec2(torch_cat(F.interpolate(e3, scale_factor=2), e2))
        d1 = self.dec1(torch_cat(F.interpolate(d2, scale_factor=2), e1))
        return [x + self.out1(d1), self.out2(d2), self.out3(e3)]


def torch_cat(a, b):
    import torch
    return torch.cat([a, b], dim=1)
