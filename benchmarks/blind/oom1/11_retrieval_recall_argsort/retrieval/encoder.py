import torch.nn as nn
import torch.nn.functional as F


class Encoder(nn.Module):
    def __init__(self, dim_in, dim_emb):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim_in, 128), nn.ReLU(), nn.Linear(128, dim_emb))

    def forward(self, x):
        return F.normalize(self.net(x), dim=-1)
