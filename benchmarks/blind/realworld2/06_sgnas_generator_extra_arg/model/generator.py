import torch
import torch.nn as nn
import torch.nn.functional as F


class ConvGenerator(nn.Module):
    """Maps (prior architecture parameter, hardware constraint) -> architecture parameter."""

    def __init__(self, hc_dim, layers_num, ops_num):
        super(ConvGenerator, self).__init__()
        self.hc_dim = hc_dim
        self.hc_head = nn.Linear(1, hc_dim)
        self.conv1 = nn.Conv2d(1 + hc_dim, 16, 3, padding=1)
        self.conv2 = nn.Conv2d(16, 16, 3, padding=1)
        self.conv3 = nn.Conv2d(16, 1, 3, padding=1)
        self.layers_num, self.ops_num = layers_num, ops_num

    def forward(self, x, hc):
        y = x.view(1, 1, *x.shape)
        hc = self.hc_head(hc.view(1, 1))
        hc = hc.view(1, self.hc_dim, 1, 1).expand(-1, -1, *x.shape)
        y = torch.cat([y, hc], dim=1)
        y = F.relu(self.conv1(y))
        y = F.relu(self.conv2(y))
        y = self.conv3(y)
        y = y.view(*x.shape)
        return y + x
