from functools import partial

import torch.nn as nn

Norm = partial(nn.BatchNorm1d, momentum=0.05)


class ConvBlock(nn.Sequential):
    def __init__(self, in_ch, out_ch, kernel_size, stride):
        super().__init__(
            nn.Conv1d(in_ch, out_ch, kernel_size, stride=stride, padding=kernel_size // 2, bias=False),
            Norm(in_ch),
            nn.GELU(),
        )


class KeywordCNN(nn.Module):
    def __init__(self, in_channels, channels, kernel_size, stride, num_classes):
        super().__init__()
        blocks = []
        prev = in_channels
        for ch in channels:
            blocks.append(ConvBlock(prev, ch, kernel_size, stride))
            prev = ch
        self.features = nn.Sequential(*blocks)
        self.pool = nn.AdaptiveAvgPool1d(1)
        self.classifier = nn.Linear(prev, num_classes)

    def forward(self, wave):
        h = self.features(wave)
        return self.classifier(self.pool(h).flatten(1))
