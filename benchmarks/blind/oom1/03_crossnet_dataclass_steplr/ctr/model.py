import torch
import torch.nn as nn


class PairwiseCrossNet(nn.Module):
    """Explicit second-order feature crosses, projected and fed to a small MLP."""

    def __init__(self, num_features, proj_dim, hidden, dropout):
        super().__init__()
        self.cross_drop = nn.Dropout(dropout)
        self.cross_proj = nn.Linear(num_features * num_features, proj_dim)
        self.mlp = nn.Sequential(
            nn.Linear(num_features + proj_dim, hidden), nn.ReLU(),
            nn.Linear(hidden, 1),
        )

    def forward(self, x):
        cross = torch.einsum("bi,bj->bij", x, x).flatten(1)
        cross = self.cross_proj(self.cross_drop(cross))
        return self.mlp(torch.cat([x, cross], dim=1)).squeeze(1)
