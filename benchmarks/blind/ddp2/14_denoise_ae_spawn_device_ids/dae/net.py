import torch.nn as nn


class DenoisingAE(nn.Module):
    def __init__(self, d=32, bottleneck=8):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(d, 64), nn.ReLU(), nn.Linear(64, bottleneck))
        self.dec = nn.Sequential(nn.Linear(bottleneck, 64), nn.ReLU(), nn.Linear(64, d))

    def forward(self, x):
        return self.dec(self.enc(x))
