import torch.nn as nn


class EmotionMLP(nn.Module):
    def __init__(self, n_feats, n_classes, hidden=128):
        super().__init__()
        self.backbone = nn.Sequential(
            nn.Linear(n_feats, hidden), nn.BatchNorm1d(hidden), nn.ReLU(), nn.Dropout(0.2),
            nn.Linear(hidden, hidden), nn.BatchNorm1d(hidden), nn.ReLU(),
        )
        self.head = nn.Linear(hidden, n_classes)

    def forward(self, x):
        return self.head(self.backbone(x))
