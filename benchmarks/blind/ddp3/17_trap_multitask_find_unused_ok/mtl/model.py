import torch.nn as nn


class MultiTaskNet(nn.Module):
    TASKS = ("activity", "fall", "steps")

    def __init__(self, in_dim=24, hidden=48):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(in_dim, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
        self.heads = nn.ModuleDict({
            "activity": nn.Linear(hidden, 5),
            "fall": nn.Linear(hidden, 1),
            "steps": nn.Linear(hidden, 1),
        })

    def forward(self, x, task):
        return self.heads[task](self.encoder(x))
