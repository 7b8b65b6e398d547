import torch
import torch.nn as nn


class Member(nn.Module):
    def __init__(self, d_in, n_classes, hidden=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d_in, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU(),
                                 nn.Linear(hidden, n_classes))

    def forward(self, x):
        return self.net(x).softmax(-1)


class Ensemble(nn.Module):
    def __init__(self, n_members, d_in, n_classes):
        super().__init__()
        self.members = nn.ModuleList(Member(d_in, n_classes) for _ in range(n_members))

    def forward(self, x):
        return torch.stack([m(x) for m in self.members])     # [M, B, C] probabilities
