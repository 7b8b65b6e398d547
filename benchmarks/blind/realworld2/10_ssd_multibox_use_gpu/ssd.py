import torch
import torch.nn as nn

from layers import PriorBox

voc_tiny = {
    'num_classes': 4,
    'feature_maps': [8, 4],
    'min_dim': 64,
    'steps': [8, 16],
    'min_sizes': [16, 32],
    'aspect_ratios': [[2], [2]],
}


class SSD(nn.Module):
    def __init__(self, phase, size, num_classes, cfg=voc_tiny):
        super(SSD, self).__init__()
        self.phase, self.num_classes, self.size = phase, num_classes, size
        self.priors = PriorBox(cfg).forward()
        self.base = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(inplace=True), nn.MaxPool2d(2),
            nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(inplace=True), nn.MaxPool2d(2),
            nn.Conv2d(32, 32, 3, padding=1), nn.ReLU(inplace=True), nn.MaxPool2d(2))
        self.extra = nn.Sequential(nn.Conv2d(32, 32, 3, stride=2, padding=1), nn.ReLU(inplace=True))
        mbox = [1 + len(a) for a in cfg['aspect_ratios']]
        self.loc = nn.ModuleList([nn.Conv2d(32, m * 4, 3, padding=1) for m in mbox])
        self.conf = nn.ModuleList([nn.Conv2d(32, m * num_classes, 3, padding=1) for m in mbox])

    def forward(self, x):
        s1 = self.base(x)
        s2 = self.extra(s1)
        loc, conf = [], []
        for src, l, c in zip((s1, s2), self.loc, self.conf):
            loc.append(l(src).permute(0, 2, 3, 1).contiguous())
            conf.append(c(src).permute(0, 2, 3, 1).contiguous())
        loc = torch.cat([o.view(o.size(0), -1) for o in loc], 1)
        conf = torch.cat([o.view(o.size(0), -1) for o in conf], 1)
        return (loc.view(loc.size(0), -1, 4), conf.view(conf.size(0), -1, self.num_classes), self.priors)


def build_ssd(phase, size=64, num_classes=4):
    return SSD(phase, size, num_classes)
