import torch
import torch.nn as nn
import torch.nn.functional as F


def conv_block(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.GroupNorm(8, cout), nn.SiLU(),
                         nn.Conv2d(cout, cout, 3, padding=1), nn.GroupNorm(8, cout), nn.SiLU())


class SmallUNet(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.e1, self.e2 = conv_block(3, ch), conv_block(ch, 2 * ch)
        self.mid = conv_block(2 * ch, 2 * ch)
        self.d1 = conv_block(4 * ch, ch)
        self.head = nn.Conv2d(2 * ch, 1, 1)

    def forward(self, x):
        s1 = self.e1(x)
        s2 = self.e2(F.max_pool2d(s1, 2))
        m = self.mid(s2)
        u = F.interpolate(self.d1(torch.cat([m, s2], 1)), scale_factor=2, mode="nearest")
        return F.softplus(self.head(torch.cat([u, s1], 1))) + 0.1    # positive depth
