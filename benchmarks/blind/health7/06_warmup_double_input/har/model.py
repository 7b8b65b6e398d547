import torch.nn as nn


class ConvNet1D(nn.Module):
    def __init__(self, channels, n_classes, width=32):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv1d(channels, width, 5, padding=2), nn.BatchNorm1d(width), nn.ReLU(),
            nn.MaxPool1d(2),
            nn.Conv1d(width, width, 5, padding=2), nn.BatchNorm1d(width), nn.ReLU(),
            nn.AdaptiveAvgPool1d(1),
        )
        self.classifier = nn.Linear(width, n_classes)

    def forward(self, x):
        return self.classifier(self.features(x).flatten(1))
