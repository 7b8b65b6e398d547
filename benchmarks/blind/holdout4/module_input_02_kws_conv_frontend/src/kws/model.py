import torch.nn as nn


class ConvBlock(nn.Module):
    def __init__(self, c_in, c_out, k, dropout):
        super().__init__()
        self.conv = nn.Conv1d(c_in, c_out, k, padding=k // 2)
        self.bn = nn.BatchNorm1d(c_out)
        self.act = nn.GELU()
        self.drop = nn.Dropout(dropout)

    def forward(self, x):
        return self.drop(self.act(self.bn(self.conv(x))))


class KeywordNet(nn.Module):
    def __init__(self, in_channels, channels, kernel_size, n_classes, dropout=0.1):
        super().__init__()
        blocks, prev = [], in_channels
        for c in channels:
            blocks.append(ConvBlock(prev, c, kernel_size, dropout))
            prev = c
        self.encoder = nn.Sequential(*blocks)
        self.pool = nn.AdaptiveAvgPool1d(1)
        self.classifier = nn.Linear(prev, n_classes)

    def forward(self, x):
        h = self.pool(self.encoder(x)).squeeze(-1)
        return self.classifier(h)
