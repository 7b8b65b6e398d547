import torch.nn as nn


class SharedEncoderMTL(nn.Module):
    def __init__(self, d=16, hidden=48):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(d, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
        self.heads = nn.ModuleDict({
            "topic": nn.Linear(hidden, 3),
            "rating": nn.Linear(hidden, 1),
        })

    def forward(self, x, task):
        return self.heads[task](self.encoder(x))
