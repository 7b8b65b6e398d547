import torch.nn as nn


def autoencoder(in_dim=192, bottleneck=16):
    return nn.Sequential(
        nn.Linear(in_dim, 96), nn.Tanh(),
        nn.Linear(96, bottleneck), nn.Tanh(),
        nn.Linear(bottleneck, 96), nn.Tanh(),
        nn.Linear(96, in_dim),
    )
