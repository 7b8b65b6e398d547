import torch.nn as nn


class FingerprintMLP(nn.Module):
    def __init__(self, n_bits, hidden, dropout):
        super().__init__()
        layers, d = [], n_bits
        for h in hidden:
            layers += [nn.Linear(d, h), nn.SiLU(), nn.Dropout(dropout)]
            d = h
        layers.append(nn.Linear(d, 1))
        self.mlp = nn.Sequential(*layers)

    def forward(self, x):
        return self.mlp(x).squeeze(-1)
