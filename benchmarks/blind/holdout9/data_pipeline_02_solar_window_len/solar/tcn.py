import torch.nn as nn


class CausalBlock(nn.Module):
    def __init__(self, ch, dilation):
        super().__init__()
        self.pad = nn.ConstantPad1d((2 * dilation, 0), 0.0)
        self.conv = nn.Conv1d(ch, ch, 3, dilation=dilation)
        self.act = nn.GELU()

    def forward(self, x):
        return x + self.act(self.conv(self.pad(x)))


class TinyTCN(nn.Module):
    def __init__(self, n_features, channels=32, dilations=(1, 2, 4, 8)):
        super().__init__()
        self.inp = nn.Conv1d(n_features, channels, 1)
        self.blocks = nn.Sequential(*[CausalBlock(channels, d) for d in dilations])
        self.out = nn.Linear(channels, 1)

    def forward(self, x):  # x: (B, T, F)
        h = self.blocks(self.inp(x.transpose(1, 2)))
        return self.out(h[:, :, -1]).squeeze(-1)
