import torch
from torch.utils.data import TensorDataset


def sensor_data(n=2048, d=32, latent=6, seed=0):
    g = torch.Generator().manual_seed(seed)
    mix = torch.randn(latent, d, generator=g)
    z = torch.randn(n, latent, generator=g)
    return TensorDataset(torch.tanh(z @ mix))
