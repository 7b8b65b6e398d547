import numpy as np
import torch
from torch.utils.data import TensorDataset


def make_sensor_data(n_normal=3000, n_anomal=150, dim=24, latent=4, seed=5):
    rng = np.random.default_rng(seed)
    mix = rng.normal(size=(latent, dim))
    z = rng.normal(size=(n_normal, latent))
    normal = np.tanh(z @ mix) + 0.05 * rng.normal(size=(n_normal, dim))
    za = rng.normal(size=(n_anomal, latent))
    anomal = np.tanh(za @ mix) + rng.normal(0, 0.6, size=(n_anomal, dim))
    return normal.astype(np.float32), anomal.astype(np.float32)


def split_normal(normal, val_frac=0.2, seed=5):
    rng = np.random.default_rng(seed)
    idx = rng.permutation(len(normal))
    k = int(len(normal) * val_frac)
    return TensorDataset(torch.from_numpy(normal[idx[k:]])), torch.from_numpy(normal[idx[:k]])
