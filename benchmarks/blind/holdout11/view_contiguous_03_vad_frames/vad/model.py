import torch
import torch.nn as nn


class ConvBlock(nn.Module):
    def __init__(self, channels, kernel_size, dropout):
        super().__init__()
        self.conv = nn.Conv1d(channels, channels, kernel_size, padding=kernel_size // 2)
        self.norm = nn.BatchNorm1d(channels)
        self.act = nn.ReLU()
        self.drop = nn.Dropout(dropout)

    def forward(self, x):
        return x + self.drop(self.act(self.norm(self.conv(x))))


class FrameClassifier(nn.Module):
    """Temporal conv net that predicts speech / non-speech for every frame."""

    def __init__(self, n_mels, channels, kernel_size, n_blocks, dropout, n_classes=2):
        super().__init__()
        self.inp = nn.Conv1d(n_mels, channels, 1)
        self.blocks = nn.Sequential(*[ConvBlock(channels, kernel_size, dropout) for _ in range(n_blocks)])
        self.head = nn.Linear(channels, n_classes)
        self.channels = channels

    def forward(self, feats):
        # feats: (B, n_mels, T) -> logits (B * T, n_classes)
        h = self.blocks(self.inp(feats))
        h = h.transpose(1, 2).view(-1, self.channels)
        return self.head(h)
