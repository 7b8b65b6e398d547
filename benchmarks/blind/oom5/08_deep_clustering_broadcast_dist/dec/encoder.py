import torch.nn as nn


class MLPEncoder(nn.Module):
    def __init__(self, in_dim, dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(in_dim, 256), nn.ReLU(), nn.Linear(256, dim))
        self.decoder = nn.Sequential(nn.Linear(dim, 256), nn.ReLU(), nn.Linear(256, in_dim))

    def forward(self, x):
        z = self.net(x)
        return z, self.decoder(z)
