#! /usr/bin/python
# -*- encoding: utf-8 -*-

import torch
import torch.nn as nn


class ResNetSE(nn.Module):
    def __init__(self, nOut=64, n_mels=20, **kwargs):
        super(ResNetSE, self).__init__()
        self.conv1 = nn.Conv1d(n_mels, 64, kernel_size=5, padding=2)
        self.bn1 = nn.BatchNorm1d(64)
        self.conv2 = nn.Conv1d(64, 64, kernel_size=3, padding=1)
        self.bn2 = nn.BatchNorm1d(64)
        self.attention = nn.Conv1d(64, 1, kernel_size=1)
        self.fc = nn.Linear(64, nOut)

    def forward(self, x):
        # x: (batch, n_mels, frames)
        x = torch.relu(self.bn1(self.conv1(x)))
        x = torch.relu(self.bn2(self.conv2(x))) + x
        w = torch.softmax(self.attention(x), dim=-1)
        x = torch.sum(x * w, dim=-1)
        return self.fc(x)


def MainModel(nOut=64, **kwargs):
    return ResNetSE(nOut=nOut, **kwargs)
