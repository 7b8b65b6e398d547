import torch
import torch.nn as nn
import torch.nn.functional as F


def conv_bn_relu(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.GroupNorm(4, cout), nn.ReLU(inplace=True))


class TinyUNet(nn.Module):
    def __init__(self, in_ch=3, num_classes=3, c=8):
        super().__init__()
        self.enc1 = conv_bn_relu(in_ch, c)
        self.enc2 = conv_bn_relu(c, 2 * c)
        self.bottleneck = conv_bn_relu(2 * c, 4 * c)
        self.dec2 = conv_bn_relu(4 * c + 2 * c, 2 * c)
        self.dec1 = conv_bn_relu(2 * c + c, c)
        self.head = nn.Conv2d(c, num_classes, 1)
        # deep-supervision head on the bottleneck
        self.aux_head = nn.Sequential(conv_bn_relu(4 * c, 2 * c), nn.Conv2d(2 * c, num_classes, 1))

    def forward(self, x, with_aux=False):
        e1 = self.enc1(x)
        e2 = self.enc2(F.max_pool2d(e1, 2))
        b = self.bottleneck(F.max_pool2d(e2, 2))
        d2 = self.dec2(torch.cat([F.interpolate(b, scale_factor=2.0), e2], 1))
        d1 = self.dec1(torch.cat([F.interpolate(d2, scale_factor=2.0), e1], 1))
        out = self.head(d1)
        if with_aux:
            aux = F.interpolate(self.aux_head(b), size=x.shape[-2:], mode="bilinear", align_corners=False)
            return out, aux
        return out
