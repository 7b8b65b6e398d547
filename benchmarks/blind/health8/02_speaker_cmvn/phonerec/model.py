import torch.nn as nn


class FrameClassifier(nn.Module):
    def __init__(self, in_dim, hidden, n_phones, dropout=0.1):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(in_dim, hidden), nn.ReLU(), nn.Dropout(dropout),
            nn.Linear(hidden, hidden), nn.ReLU(), nn.Dropout(dropout),
            nn.Linear(hidden, n_phones),
        )

    def forward(self, x):
        return self.net(x)
