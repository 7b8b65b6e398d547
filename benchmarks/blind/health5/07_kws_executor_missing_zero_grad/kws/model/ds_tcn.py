import torch
import torch.nn as nn


class DSDilatedBlock(nn.Module):
    def __init__(self, dim, kernel_size, dilation):
        super().__init__()
        pad = (kernel_size - 1) // 2 * dilation
        self.dw = nn.Conv1d(dim, dim, kernel_size, padding=pad, dilation=dilation, groups=dim)
        self.pw = nn.Conv1d(dim, dim, 1)
        self.bn = nn.BatchNorm1d(dim)
        self.act = nn.ReLU()

    def forward(self, x):
        return x + self.act(self.bn(self.pw(self.dw(x))))


class KWSModel(nn.Module):
    def __init__(self, idim, odim, hidden_dim, num_layers, kernel_size):
        super().__init__()
        self.preprocessing = nn.Linear(idim, hidden_dim)
        self.backbone = nn.Sequential(*[DSDilatedBlock(hidden_dim, kernel_size, 2 ** i) for i in range(num_layers)])
        self.classifier = nn.Linear(hidden_dim, odim)

    def forward(self, x):  # x: (B, T, D)
        x = self.preprocessing(x).transpose(1, 2)
        x = self.backbone(x).transpose(1, 2)
        return self.classifier(x.max(dim=1).values)
