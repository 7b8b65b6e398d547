import torch
import torch.nn as nn


class TinyKWS(nn.Module):
    def __init__(self, n_classes, channels=32):
        super().__init__()
        self.frontend = nn.Conv1d(1, channels, kernel_size=80, stride=16)
        self.body = nn.Sequential(
            nn.BatchNorm1d(channels), nn.ReLU(),
            nn.Conv1d(channels, channels, 3, padding=1), nn.BatchNorm1d(channels), nn.ReLU(),
            nn.MaxPool1d(2),
            nn.Conv1d(channels, 2 * channels, 3, padding=1), nn.BatchNorm1d(2 * channels), nn.ReLU(),
        )
        self.fc = nn.Linear(2 * channels, n_classes)

    def forward(self, wave, lengths=None):
        h = self.body(self.frontend(wave))
        return self.fc(h.amax(dim=-1))
