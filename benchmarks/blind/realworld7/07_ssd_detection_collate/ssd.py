import torch
import torch.nn as nn

from layers import PriorBox


class SSD(nn.Module):
    def __init__(self, phase, size, base, extras, head, num_classes, cfg):
        super(SSD, self).__init__()
        self.phase = phase
        self.num_classes = num_classes
        self.priorbox = PriorBox(cfg)
        with torch.no_grad():
            self.priors = self.priorbox.forward()
        self.size = size
        self.vgg = nn.ModuleList(base)
        self.extras = nn.ModuleList(extras)
        self.loc = nn.ModuleList(head[0])
        self.conf = nn.ModuleList(head[1])

    def forward(self, x):
        sources, loc, conf = [], [], []
        for v in self.vgg:
            x = v(x)
        sources.append(x)
        for v in self.extras:
            x = v(x)
        sources.append(x)
        for (x, l, c) in zip(sources, self.loc, self.conf):
            loc.append(l(x).permute(0, 2, 3, 1).contiguous())
            conf.append(c(x).permute(0, 2, 3, 1).contiguous())
        loc = torch.cat([o.view(o.size(0), -1) for o in loc], 1)
        conf = torch.cat([o.view(o.size(0), -1) for o in conf], 1)
        return (loc.view(loc.size(0), -1, 4), conf.view(conf.size(0), -1, self.num_classes), self.priors)


def vgg_tiny():
    return [nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(inplace=True), nn.MaxPool2d(2),
            nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(inplace=True), nn.MaxPool2d(2),
            nn.Conv2d(32, 64, 3, padding=1), nn.ReLU(inplace=True), nn.MaxPool2d(2)]


def build_ssd(phase, size=64, num_classes=4, cfg=None):
    extras = [nn.Conv2d(64, 64, 3, stride=2, padding=1), nn.ReLU(inplace=True)]
    mbox = [4, 4]  # boxes per location
    loc_layers = [nn.Conv2d(64, mbox[0] * 4, 3, padding=1), nn.Conv2d(64, mbox[1] * 4, 3, padding=1)]
    conf_layers = [nn.Conv2d(64, mbox[0] * num_classes, 3, padding=1),
                   nn.Conv2d(64, mbox[1] * num_classes, 3, padding=1)]
    return SSD(phase, size, vgg_tiny(), extras, (loc_layers, conf_layers), num_classes, cfg)
