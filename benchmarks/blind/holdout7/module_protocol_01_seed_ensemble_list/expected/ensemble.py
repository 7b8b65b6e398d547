import torch
import torch.nn as nn


def make_mlp(n_in, hidden, dropout):
    layers, d = [], n_in
    for h in hidden:
        layers += [nn.Linear(d, h), nn.ReLU(), nn.Dropout(dropout)]
        d = h
    layers.append(nn.Linear(d, 1))
    return nn.Sequential(*layers)


class SeedEnsemble(nn.Module):
    """K independently initialised MLPs trained jointly; prediction is the member average.

    During training every member gets its own loss so they do not collapse into one model.
    """

    def __init__(self, n_in, n_members=5, hidden=(64, 32), dropout=0.1, base_seed=0):
        super().__init__()
        members = []
        for k in range(n_members):
            torch.manual_seed(base_seed + k)
            members.append(make_mlp(n_in, hidden, dropout))
        self.members = nn.ModuleList(members)

    def forward(self, x):
        return torch.cat([m(x) for m in self.members], dim=1)  # (N, K)

    @torch.no_grad()
    def predict(self, x):
        return self.forward(x).mean(dim=1)
