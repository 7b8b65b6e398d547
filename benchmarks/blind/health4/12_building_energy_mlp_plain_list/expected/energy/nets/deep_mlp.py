import torch.nn as nn


class DeepRegressor(nn.Module):
    """Input normalisation followed by a configurable stack of Linear-ReLU layers."""

    def __init__(self, in_features, layer_sizes, dropout=0.0):
        super().__init__()
        self.input_norm = nn.BatchNorm1d(in_features)
        self.layers = nn.ModuleList()
        d = in_features
        for h in layer_sizes:
            self.layers.append(nn.Linear(d, h))
            d = h
        self.layers.append(nn.Linear(d, 1))
        self.act = nn.ReLU()
        self.drop = nn.Dropout(dropout)

    def forward(self, x):
        x = self.input_norm(x)
        for layer in self.layers[:-1]:
            x = self.drop(self.act(layer(x)))
        return self.layers[-1](x)
