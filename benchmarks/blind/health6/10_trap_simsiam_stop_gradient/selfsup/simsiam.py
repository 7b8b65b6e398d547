import torch.nn as nn
import torch.nn.functional as F


def D(p, z):
    z = z.detach()
    return -(F.normalize(p, dim=1) * F.normalize(z, dim=1)).sum(dim=1).mean()


class SimSiam(nn.Module):
    def __init__(self, in_dim=32, dim=64, pred_dim=16):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(in_dim, dim), nn.BatchNorm1d(dim), nn.ReLU(),
                                     nn.Linear(dim, dim), nn.BatchNorm1d(dim))
        self.predictor = nn.Sequential(nn.Linear(dim, pred_dim), nn.BatchNorm1d(pred_dim), nn.ReLU(),
                                       nn.Linear(pred_dim, dim))

    def forward(self, x1, x2):
        z1, z2 = self.encoder(x1), self.encoder(x2)
        p1, p2 = self.predictor(z1), self.predictor(z2)
        return 0.5 * D(p1, z2) + 0.5 * D(p2, z1)
