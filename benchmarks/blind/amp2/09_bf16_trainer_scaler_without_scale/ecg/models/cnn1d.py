import torch.nn as nn


def block(cin, cout):
    return nn.Sequential(nn.Conv1d(cin, cout, 7, padding=3), nn.BatchNorm1d(cout), nn.ReLU(), nn.MaxPool1d(2))


class BeatCNN(nn.Module):
    def __init__(self, n_classes=3):
        super().__init__()
        self.features = nn.Sequential(block(1, 16), block(16, 32), block(32, 64), nn.AdaptiveAvgPool1d(1))
        self.head = nn.Linear(64, n_classes)

    def forward(self, x):
        return self.head(self.features(x).flatten(1))
