import torch
import torch.nn as nn
import torch.nn.functional as F


class Encoder(nn.Module):
    def __init__(self, in_dim=32, feat_dim=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(in_dim, 128), nn.BatchNorm1d(128), nn.ReLU(),
                                 nn.Linear(128, feat_dim))

    def forward(self, x):
        return self.net(x)


class SimCLR(nn.Module):
    def __init__(self, encoder, n_features=64, projection_dim=32):
        super().__init__()
        self.encoder = encoder
        self.projector = nn.Sequential(nn.Linear(n_features, n_features, bias=False), nn.ReLU(),
                                       nn.Linear(n_features, projection_dim, bias=False))

    def forward(self, x_i, x_j):
        h_i, h_j = self.encoder(x_i), self.encoder(x_j)
        return h_i, h_j, self.projector(h_i), self.projector(h_j)


class NT_Xent(nn.Module):
    def __init__(self, temperature):
        super().__init__()
        self.temperature = temperature

    def forward(self, z_i, z_j):
        n = z_i.size(0)
        z = F.normalize(torch.cat([z_i, z_j], dim=0), dim=1)
        sim = z @ z.t() / self.temperature
        sim.fill_diagonal_(float('-inf'))
        targets = torch.cat([torch.arange(n, 2 * n), torch.arange(0, n)])
        return F.cross_entropy(sim, targets)
