import torch.nn as nn


class ConvHAR(nn.Module):
    def __init__(self, in_ch, n_classes, hidden=48, kernel=5, dropout=0.1):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv1d(in_ch, hidden, kernel, padding=kernel // 2), nn.BatchNorm1d(hidden), nn.ReLU(),
            nn.Conv1d(hidden, hidden, kernel, padding=kernel // 2), nn.BatchNorm1d(hidden), nn.ReLU(),
            nn.AdaptiveAvgPool1d(1),
        )
        self.head = nn.Sequential(nn.Flatten(), nn.Dropout(dropout), nn.Linear(hidden, n_classes))

    def forward(self, x):
        return self.head(self.features(x))
