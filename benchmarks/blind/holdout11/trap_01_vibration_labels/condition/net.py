import torch.nn as nn


def build_mlp(n_in, hidden, n_out, dropout=0.1):
    layers, d = [], n_in
    for h in hidden:
        layers += [nn.Linear(d, h), nn.ReLU(), nn.Dropout(dropout)]
        d = h
    layers.append(nn.Linear(d, n_out))
    return nn.Sequential(*layers)
