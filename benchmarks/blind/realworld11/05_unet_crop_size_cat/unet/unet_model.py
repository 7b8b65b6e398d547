import torch.nn as nn

from .unet_parts import inconv, down, up, outconv


class UNet(nn.Module):
    def __init__(self, n_channels, n_classes, w=8):
        super(UNet, self).__init__()
        self.inc = inconv(n_channels, w)
        self.down1 = down(w, 2 * w)
        self.down2 = down(2 * w, 4 * w)
        self.down3 = down(4 * w, 4 * w)
        self.up1 = up(8 * w, 2 * w)
        self.up2 = up(4 * w, w)
        self.up3 = up(2 * w, w)
        self.outc = outconv(w, n_classes)

    def forward(self, x):
        x1 = self.inc(x)
        x2 = self.down1(x1)
        x3 = self.down2(x2)
        x4 = self.down3(x3)
        x = self.up1(x4, x3)
        x = self.up2(x, x2)
        x = self.up3(x, x1)
        return self.outc(x)
