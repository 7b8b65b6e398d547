import torch.nn as nn


class AutoEncoder(nn.Module):
    def __init__(self, in_dim=32, latent=4):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(in_dim, 64), nn.Tanh(), nn.Linear(64, latent))
        self.dec = nn.Sequential(nn.Linear(latent, 64), nn.Tanh(), nn.Linear(64, in_dim))

    def encode(self, x):
        return self.enc(x)

    def forward(self, x):
        return self.dec(self.enc(x))
