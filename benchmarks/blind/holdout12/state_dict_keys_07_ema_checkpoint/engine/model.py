import torch.nn as nn


def build_mlp(in_dim=2, hidden=128, num_classes=3, depth=3):
    layers, d = [], in_dim
    for _ in range(depth):
        layers += [nn.Linear(d, hidden), nn.LayerNorm(hidden), nn.GELU()]
        d = hidden
    layers.append(nn.Linear(d, num_classes))
    return nn.Sequential(*layers)
