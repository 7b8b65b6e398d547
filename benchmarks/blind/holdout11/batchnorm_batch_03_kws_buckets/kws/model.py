import torch
import torch.nn as nn


class KWSNet(nn.Module):
    def __init__(self, n_mels, channels, n_classes):
        super().__init__()
        self.conv = nn.Sequential(
            nn.Conv1d(n_mels, channels, 5, padding=2), nn.ReLU(),
            nn.Conv1d(channels, channels, 5, padding=2, dilation=1), nn.ReLU(),
            nn.Conv1d(channels, channels, 3, padding=2, dilation=2), nn.ReLU(),
        )
        self.norm = nn.BatchNorm1d(channels)
        self.fc = nn.Linear(channels, n_classes)

    def forward(self, feats, lengths):
        h = self.conv(feats)                                   # (B, C, T)
        mask = (torch.arange(h.size(-1))[None, :] < lengths[:, None]).unsqueeze(1).float()
        pooled = (h * mask).sum(-1) / mask.sum(-1)             # masked mean over time
        return self.fc(self.norm(pooled))
