import torch.nn as nn


class Generator(nn.Module):
    def __init__(self, nz=8, hidden=64):
        super().__init__()
        self.main = nn.Sequential(nn.Linear(nz, hidden), nn.ReLU(True),
                                  nn.Linear(hidden, hidden), nn.ReLU(True),
                                  nn.Linear(hidden, 2))

    def forward(self, z):
        return self.main(z)


class Discriminator(nn.Module):
    def __init__(self, hidden=64):
        super().__init__()
        self.main = nn.Sequential(nn.Linear(2, hidden), nn.LeakyReLU(0.2, inplace=True),
                                  nn.Linear(hidden, hidden), nn.LeakyReLU(0.2, inplace=True),
                                  nn.Linear(hidden, 1))

    def forward(self, x):
        return self.main(x).view(-1)
