# -*- coding: utf-8 -*-

from __future__ import print_function

import torch
import torch.nn as nn


class FCNs(nn.Module):

    def __init__(self, pretrained_net, n_class):
        super().__init__()
        self.n_class = n_class
        self.pretrained_net = pretrained_net
        self.relu    = nn.ReLU(inplace=True)
        self.deconv1 = nn.ConvTranspose2d(128, 128, kernel_size=3, stride=2, padding=1, dilation=1, output_padding=1)
        self.bn1     = nn.BatchNorm2d(128)
        self.deconv2 = nn.ConvTranspose2d(128, 64, kernel_size=3, stride=2, padding=1, dilation=1, output_padding=1)
        self.bn2     = nn.BatchNorm2d(64)
        self.deconv3 = nn.ConvTranspose2d(64, 32, kernel_size=3, stride=2, padding=1, dilation=1, output_padding=1)
        self.bn3     = nn.BatchNorm2d(32)
        self.classifier = nn.Conv2d(32, n_class, kernel_size=1)

    def forward(self, x):
        output = self.pretrained_net(x)
        x3 = output['x3']  # size=(N, 128, x.H/8, x.W/8)
        x2 = output['x2']  # size=(N, 64, x.H/4, x.W/4)
        x1 = output['x1']  # size=(N, 32, x.H/2, x.W/2)

        score = self.bn1(self.relu(self.deconv1(x3)))     # size=(N, 128, x.H/4, x.W/4)
        score = score[:, :, :x2.size(2), :x2.size(3)]
        score = self.bn2(self.relu(self.deconv2(score)))  # size=(N, 64, x.H/2, x.W/2)
        score = score[:, :, :x1.size(2), :x1.size(3)] + x1.repeat(1, 2, 1, 1)
        score = self.bn3(self.relu(self.deconv3(score)))  # size=(N, 32, x.H, x.W)
        score = self.classifier(score)                    # size=(N, n_class, x.H/1, x.W/1)

        return score


class VGGNet(nn.Module):
    def __init__(self, requires_grad=True, remove_fc=True):
        super().__init__()
        cfg = [(3, 32), (32, 64), (64, 128)]
        self.stages = nn.ModuleList()
        for cin, cout in cfg:
            self.stages.append(nn.Sequential(
                nn.Conv2d(cin, cout, 3, padding=1), nn.ReLU(inplace=True),
                nn.Conv2d(cout, cout, 3, padding=1), nn.ReLU(inplace=True),
                nn.MaxPool2d(2, 2, ceil_mode=True)))
        if not requires_grad:
            for param in super().parameters():
                param.requires_grad = False

    def forward(self, x):
        output = {}
        for idx, stage in enumerate(self.stages):
            x = stage(x)
            output["x%d" % (idx + 1)] = x
        return output
