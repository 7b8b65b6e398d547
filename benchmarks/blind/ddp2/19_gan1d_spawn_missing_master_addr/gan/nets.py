import torch.nn as nn


def generator(z_dim=4, hidden=32):
    return nn.Sequential(nn.Linear(z_dim, hidden), nn.LeakyReLU(0.2),
                         nn.Linear(hidden, hidden), nn.LeakyReLU(0.2), nn.Linear(hidden, 1))


def discriminator(hidden=32):
    return nn.Sequential(nn.Linear(1, hidden), nn.LeakyReLU(0.2),
                         nn.Linear(hidden, hidden), nn.LeakyReLU(0.2), nn.Linear(hidden, 1))
