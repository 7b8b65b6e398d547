import torch.nn as nn
import torch.nn.functional as F


class ResidualBlock1d(nn.Module):
    def __init__(self, channels, kernel_size=7, dilation=1, dropout=0.1):
        padding = dilation * (kernel_size - 1) // 2
        self.conv1 = nn.Conv1d(channels, channels, kernel_size, padding=padding, dilation=dilation)
        self.bn1 = nn.BatchNorm1d(channels)
        self.conv2 = nn.Conv1d(channels, channels, kernel_size, padding=padding, dilation=dilation)
        self.bn2 = nn.BatchNorm1d(channels)
        self.drop = nn.Dropout(dropout)

    def forward(self, x):
        h = self.drop(F.relu(self.bn1(self.conv1(x))))
        h = self.bn2(self.conv2(h))
        return F.relu(x + h)


class ECGNet(nn.Module):
    def __init__(self, in_leads, channels, n_blocks, n_classes):
        super().__init__()
        self.stem = nn.Conv1d(in_leads, channels, kernel_size=15, stride=2, padding=7)
        self.blocks = nn.Sequential(*[ResidualBlock1d(channels, dilation=2 ** i) for i in range(n_blocks)])
        self.head = nn.Linear(channels, n_classes)

    def forward(self, x):
        x = self.blocks(F.relu(self.stem(x)))
        return self.head(x.mean(dim=-1))
