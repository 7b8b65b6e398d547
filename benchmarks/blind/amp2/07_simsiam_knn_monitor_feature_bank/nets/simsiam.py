import torch.nn as nn


class SimSiam(nn.Module):
    def __init__(self, in_dim=40, dim=64, pred_dim=16):
        super().__init__()
        self.encoder = nn.Sequential(
            nn.Linear(in_dim, 128), nn.BatchNorm1d(128), nn.ReLU(inplace=True),
            nn.Linear(128, dim), nn.BatchNorm1d(dim, affine=False),
        )
        self.predictor = nn.Sequential(
            nn.Linear(dim, pred_dim), nn.BatchNorm1d(pred_dim), nn.ReLU(inplace=True), nn.Linear(pred_dim, dim),
        )

    def forward(self, x1, x2):
        z1, z2 = self.encoder(x1), self.encoder(x2)
        p1, p2 = self.predictor(z1), self.predictor(z2)
        return p1, p2, z1.detach(), z2.detach()
