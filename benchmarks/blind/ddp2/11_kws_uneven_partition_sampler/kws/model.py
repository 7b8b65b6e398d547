import torch
import torch.nn as nn


class ConvPoolKWS(nn.Module):
    def __init__(self, n_mels=20, n_classes=8, ch=48):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv1d(n_mels, ch, 5, padding=2), nn.ReLU(),
                                  nn.Conv1d(ch, ch, 5, padding=2), nn.ReLU())
        self.out = nn.Linear(ch, n_classes)

    def forward(self, x, lens):
        h = self.conv(x.transpose(1, 2))                      # B, C, T
        mask = (torch.arange(h.size(-1))[None] < lens[:, None]).unsqueeze(1)
        pooled = (h * mask).sum(-1) / lens[:, None]
        return self.out(pooled)
