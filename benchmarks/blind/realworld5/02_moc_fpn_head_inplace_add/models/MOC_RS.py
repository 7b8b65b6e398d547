import torch
import torch.nn as nn
import torch.nn.functional as F

from .FPN.FPN_Head import FPN


class Backbone(nn.Module):
    def __init__(self, channels):
        super(Backbone, self).__init__()
        c1, c2, c3 = channels
        self.stage1 = nn.Sequential(nn.Conv2d(3, c1, 3, 2, 1), nn.BatchNorm2d(c1), nn.ReLU())
        self.stage2 = nn.Sequential(nn.Conv2d(c1, c2, 3, 2, 1), nn.BatchNorm2d(c2), nn.ReLU())
        self.stage3 = nn.Sequential(nn.Conv2d(c2, c3, 3, 2, 1), nn.BatchNorm2d(c3), nn.ReLU())

    def forward(self, x):
        f1 = self.stage1(x)
        f2 = self.stage2(f1)
        f3 = self.stage3(f2)
        return [f1, f2, f3]


class MOC_RS(nn.Module):
    def __init__(self, cfg):
        super(MOC_RS, self).__init__()
        self.backbone = Backbone(cfg.FPN_IN_CHANNELS)
        self.neck = FPN(cfg.FPN_IN_CHANNELS, cfg.FPN_OUT_CHANNELS)
        self.head = nn.Sequential(
            nn.Conv2d(cfg.FPN_OUT_CHANNELS, 32, 3, padding=1), nn.ReLU(),
            nn.Conv2d(32, cfg.NUM_CLASSES, 1), nn.ReLU())

    def forward(self, img):
        feats = self.neck(self.backbone(img))
        pre_den = self.head(feats[0])
        return F.interpolate(pre_den, size=img.shape[2:], mode='bilinear', align_corners=False)

    def build_loss(self, pre_den, gt_den):
        return F.mse_loss(pre_den, gt_den * 100.0, reduction='sum') / pre_den.size(0)
