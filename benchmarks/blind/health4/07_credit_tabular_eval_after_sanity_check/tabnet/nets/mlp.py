import torch.nn as nn


class TabularMLP(nn.Module):
    def __init__(self, n_features, hidden=(128, 64), dropout=0.1, n_classes=2):
        super().__init__()
        layers = [nn.BatchNorm1d(n_features)]  # input scaling learned from the batch statistics
        d = n_features
        for h in hidden:
            layers += [nn.Linear(d, h), nn.BatchNorm1d(h), nn.Tanh(), nn.Dropout(dropout)]
            d = h
        layers.append(nn.Linear(d, n_classes))
        self.net = nn.Sequential(*layers)

    def forward(self, x):
        return self.net(x)
