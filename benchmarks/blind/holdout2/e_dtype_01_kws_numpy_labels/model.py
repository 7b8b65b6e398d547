import torch.nn as nn


def conv_block(cin, cout, k=9, stride=2):
    return nn.Sequential(
        nn.Conv1d(cin, cout, k, stride=stride, padding=k // 2),
        nn.BatchNorm1d(cout),
        nn.ReLU(inplace=True),
    )


class M5(nn.Module):
    """Small raw-waveform CNN (after Dai et al., 'Very deep CNNs for raw waveforms')."""

    def __init__(self, n_classes, width=16):
        super().__init__()
        self.features = nn.Sequential(
            conv_block(1, width, k=39, stride=4),
            nn.MaxPool1d(4),
            conv_block(width, width * 2),
            nn.MaxPool1d(2),
            conv_block(width * 2, width * 4),
            nn.AdaptiveAvgPool1d(1),
        )
        self.fc = nn.Linear(width * 4, n_classes)

    def forward(self, x):
        return self.fc(self.features(x).flatten(1))
