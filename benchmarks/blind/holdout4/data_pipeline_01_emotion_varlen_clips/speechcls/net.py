import torch.nn as nn


class EmotionCNN(nn.Module):
    def __init__(self, n_mels, channels, n_classes):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv1d(n_mels, channels, 5, padding=2), nn.BatchNorm1d(channels), nn.ReLU(),
            nn.Conv1d(channels, channels, 5, padding=2, stride=2), nn.BatchNorm1d(channels), nn.ReLU(),
            nn.AdaptiveMaxPool1d(1),
        )
        self.fc = nn.Linear(channels, n_classes)

    def forward(self, spec):
        return self.fc(self.features(spec.transpose(1, 2)).flatten(1))
