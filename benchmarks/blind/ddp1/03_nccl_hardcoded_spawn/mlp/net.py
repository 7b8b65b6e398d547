import torch.nn as nn


def make_mlp(in_dim, hidden=(64, 64), out_dim=1):
    layers, d = [], in_dim
    for h in hidden:
        layers += [nn.Linear(d, h), nn.SiLU()]
        d = h
    layers.append(nn.Linear(d, out_dim))
    return nn.Sequential(*layers)
