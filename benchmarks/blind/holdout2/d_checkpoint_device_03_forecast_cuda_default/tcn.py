import torch.nn as nn
import torch.nn.functional as F


class CausalConv(nn.Conv1d):
    def __init__(self, cin, cout, k, dilation):
        super().__init__(cin, cout, k, dilation=dilation)
        self.left = (k - 1) * dilation

    def forward(self, x):
        return super().forward(F.pad(x, (self.left, 0)))


class TCNForecaster(nn.Module):
    def __init__(self, channels, levels, window, horizon):
        super().__init__()
        blocks, cin = [], 1
        for i in range(levels):
            blocks += [CausalConv(cin, channels, 3, 2 ** i), nn.ReLU()]
            cin = channels
        self.tcn = nn.Sequential(*blocks)
        self.head = nn.Linear(channels, horizon)

    def forward(self, x):                 # x: (B, 1, window)
        return self.head(self.tcn(x)[:, :, -1])
