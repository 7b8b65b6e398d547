import torch.nn as nn
import torch.nn.functional as F


class CausalBlock(nn.Module):
    def __init__(self, ch, dilation):
        super().__init__()
        self.pad = 2 * dilation
        self.conv1 = nn.Conv1d(ch, ch, 3, dilation=dilation)
        self.conv2 = nn.Conv1d(ch, ch, 3, dilation=dilation)

    def forward(self, x):
        h = F.gelu(self.conv1(F.pad(x, (self.pad, 0))))
        h = F.gelu(self.conv2(F.pad(h, (self.pad, 0))))
        return x + h


class TCNForecaster(nn.Module):
    def __init__(self, horizon, ch=32, levels=4):
        super().__init__()
        self.inp = nn.Conv1d(1, ch, 1)
        self.blocks = nn.Sequential(*[CausalBlock(ch, 2 ** i) for i in range(levels)])
        self.head = nn.Linear(ch, horizon)

    def forward(self, x):
        h = self.blocks(self.inp(x))
        return self.head(h[:, :, -1])
