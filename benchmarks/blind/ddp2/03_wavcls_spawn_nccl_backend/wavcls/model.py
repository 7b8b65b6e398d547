import torch.nn as nn


class TinyWavNet(nn.Module):
    def __init__(self, n_classes=5, channels=16):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv1d(1, channels, kernel_size=25, stride=4), nn.ReLU(),
            nn.Conv1d(channels, channels, kernel_size=9, stride=2), nn.ReLU(),
            nn.Conv1d(channels, channels * 2, kernel_size=9, stride=2), nn.ReLU(),
            nn.AdaptiveAvgPool1d(1),
        )
        self.classifier = nn.Linear(channels * 2, n_classes)

    def forward(self, wav):
        return self.classifier(self.features(wav).flatten(1))
