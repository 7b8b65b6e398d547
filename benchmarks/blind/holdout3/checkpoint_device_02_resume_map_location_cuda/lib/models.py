import torch.nn as nn


class AutoEncoder(nn.Module):
    def __init__(self, in_dim, hidden, latent):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(in_dim, hidden), nn.ReLU(), nn.Linear(hidden, latent))
        self.decoder = nn.Sequential(nn.Linear(latent, hidden), nn.ReLU(), nn.Linear(hidden, in_dim), nn.Sigmoid())

    def forward(self, x):
        return self.decoder(self.encoder(x))
