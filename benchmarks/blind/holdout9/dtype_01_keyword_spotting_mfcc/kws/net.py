import torch.nn as nn


class TCResNetLite(nn.Module):
    def __init__(self, n_mfcc, n_classes, width=64):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv1d(n_mfcc, width, kernel_size=3, padding=1),
            nn.BatchNorm1d(width),
            nn.ReLU(),
            nn.Conv1d(width, width, kernel_size=3, padding=2, dilation=2),
            nn.BatchNorm1d(width),
            nn.ReLU(),
            nn.AdaptiveAvgPool1d(1),
        )
        self.classifier = nn.Linear(width, n_classes)

    def forward(self, x):
        return self.classifier(self.body(x).squeeze(-1))
