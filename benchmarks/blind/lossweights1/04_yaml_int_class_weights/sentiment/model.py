import torch.nn as nn


class SentimentMLP(nn.Module):
    def __init__(self, n_features, hidden, n_classes, dropout):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(n_features, hidden), nn.ReLU(), nn.Dropout(dropout),
            nn.Linear(hidden, n_classes), nn.LogSoftmax(dim=-1))

    def forward(self, x):
        return self.net(x)
