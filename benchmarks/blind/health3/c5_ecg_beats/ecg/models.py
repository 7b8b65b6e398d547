import torch.nn as nn


def conv_block(c_in, c_out, k=7):
    return nn.Sequential(
        nn.Conv1d(c_in, c_out, k, padding=k // 2, bias=False),
        nn.BatchNorm1d(c_out),
        nn.ReLU(inplace=True),
        nn.MaxPool1d(2),
    )


class BeatCNN(nn.Module):
    def __init__(self, n_classes, width=16, dropout=0.3):
        super().__init__()
        self.features = nn.Sequential(
            conv_block(1, width),
            conv_block(width, 2 * width),
            conv_block(2 * width, 2 * width, k=5),
        )
        self.head = nn.Sequential(
            nn.AdaptiveAvgPool1d(1),
            nn.Flatten(),
            nn.Dropout(dropout),
            nn.Linear(2 * width, n_classes),
        )

    def forward(self, x):
        return self.head(self.features(x))
