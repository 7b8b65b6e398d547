import torch.nn as nn


def big_mlp(width=4096, depth=8):
    layers = []
    for _ in range(depth):
        layers += [nn.Linear(width, width), nn.GELU()]
    return nn.Sequential(*layers)
