from torch import nn


def make_regressor(n_in, width=128, depth=3):
    layers, d = [], n_in
    for _ in range(depth):
        layers += [nn.Linear(d, width), nn.SiLU()]
        d = width
    layers.append(nn.Linear(d, 1))
    return nn.Sequential(*layers)
