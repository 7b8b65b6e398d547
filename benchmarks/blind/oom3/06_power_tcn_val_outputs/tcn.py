import torch.nn as nn
import torch.nn.functional as F


class CausalBlock(nn.Module):
    def __init__(self, ch, dilation, dropout=0.1):
        super().__init__()
        self.pad = 2 * dilation
        self.conv = nn.Conv1d(ch, ch, 3, dilation=dilation)
        self.norm = nn.BatchNorm1d(ch)
        self.drop = nn.Dropout(dropout)

    def forward(self, x):
        h = self.conv(F.pad(x, (self.pad, 0)))
        return x + self.drop(F.gelu(self.norm(h)))


class TCNForecaster(nn.Module):
    def __init__(self, n_features, horizon, channels=32, levels=6):
        super().__init__()
        self.inp = nn.Conv1d(n_features, channels, 1)
        self.blocks = nn.Sequential(*[CausalBlock(channels, 2 ** i) for i in range(levels)])
        self.head = nn.Linear(channels, horizon)

    def forward(self, x):  # x: (B, T, F)
        h = self.blocks(self.inp(x.transpose(1, 2)))
        return self.head(h[:, :, -1])
