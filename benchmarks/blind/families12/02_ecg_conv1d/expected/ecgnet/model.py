import torch.nn as nn


class ConvBlock(nn.Module):
    def __init__(self, c_in, c_out, k):
        super().__init__()
        self.conv = nn.Conv1d(c_in, c_out, k, padding=k // 2)
        self.bn = nn.BatchNorm1d(c_out)
        self.act = nn.ReLU()
        self.pool = nn.MaxPool1d(2)

    def forward(self, x):
        return self.pool(self.act(self.bn(self.conv(x))))


class ECGNet(nn.Module):
    def __init__(self, n_leads, n_classes, channels=(16, 32), kernel_size=7, pool_out=4):
        super().__init__()
        blocks = []
        c_in = n_leads
        for c in channels:
            blocks.append(ConvBlock(c_in, c, kernel_size))
            c_in = c
        self.features = nn.Sequential(*blocks)
        self.pool = nn.AdaptiveAvgPool1d(pool_out)
        self.head = nn.Linear(c_in * pool_out, n_classes)

    def forward(self, x):
        x = self.features(x)
        x = self.pool(x).flatten(1)
        return self.head(x)
