import torch.nn as nn


class ChurnMLP(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        layers = []
        prev = cfg.in_features
        for h in cfg.hidden:
            layers += [nn.Linear(prev, h), nn.ReLU(), nn.Dropout(cfg.dropout)]
            prev = h
        layers.append(nn.Linear(prev, 1))
        self.net = nn.Sequential(*layers)

    def forward(self, x):
        return self.net(x).squeeze(-1)
