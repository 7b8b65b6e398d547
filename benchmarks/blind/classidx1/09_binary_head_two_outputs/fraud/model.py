import torch.nn as nn


class FraudMLP(nn.Module):
    def __init__(self, in_features, hidden_sizes, num_outputs, dropout=0.0):
        super().__init__()
        layers = []
        prev = in_features
        for h in hidden_sizes:
            layers += [nn.Linear(prev, h), nn.ReLU(), nn.Dropout(dropout)]
            prev = h
        self.body = nn.Sequential(*layers)
        self.head = nn.Linear(prev, num_outputs)

    def forward(self, x):
        return self.head(self.body(x))
