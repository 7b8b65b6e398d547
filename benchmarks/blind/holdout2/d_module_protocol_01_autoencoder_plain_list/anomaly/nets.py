from typing import Sequence

import torch
import torch.nn as nn


def mlp_stack(sizes: Sequence[int], final_act: bool = True):
    layers = []
    for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:])):
        layers.append(nn.Linear(a, b))
        if final_act or i < len(sizes) - 2:
            layers.append(nn.LeakyReLU(0.1))
    return layers


class SensorAutoencoder(nn.Module):
    """Symmetric MLP autoencoder; encoder sizes e.g. [24, 16, 8, 4], decoder mirrors them."""

    def __init__(self, sizes: Sequence[int]):
        super().__init__()
        self.encoder = mlp_stack(sizes, final_act=False)
        self.decoder = mlp_stack(list(reversed(sizes)), final_act=False)

    def encode(self, x: torch.Tensor) -> torch.Tensor:
        for layer in self.encoder:
            x = layer(x)
        return x

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        z = self.encode(x)
        for layer in self.decoder:
            z = layer(z)
        return z
