from torch import nn


class TabularMLP(nn.Module):
    def __init__(self, in_features: int, hidden: list, num_classes: int, dropout: float = 0.0):
        super().__init__()
        layers = []
        prev = in_features
        for width in hidden:
            layers += [nn.Linear(prev, width), nn.BatchNorm1d(width), nn.ReLU(), nn.Dropout(dropout)]
            prev = width
        self.body = nn.Sequential(*layers)
        self.head = nn.Linear(prev, num_classes)

    def forward(self, x):
        return self.head(self.body(x))
