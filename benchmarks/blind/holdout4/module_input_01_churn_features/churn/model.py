import torch.nn as nn


class ChurnMLP(nn.Module):
    def __init__(self, n_features, hidden=(64, 32), dropout=0.1):
        super().__init__()
        layers = []
        prev = n_features
        for h in hidden:
            layers += [nn.Linear(prev, h), nn.BatchNorm1d(h), nn.ReLU(), nn.Dropout(dropout)]
            prev = h
        self.body = nn.Sequential(*layers)
        self.out = nn.Linear(prev, 1)

    def forward(self, x):
        return self.out(self.body(x)).squeeze(-1)
