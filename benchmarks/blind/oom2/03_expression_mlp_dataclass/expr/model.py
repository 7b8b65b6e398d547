import torch.nn as nn


class CellTypeMLP(nn.Module):
    def __init__(self, n_genes, n_types, hidden, depth, dropout):
        super().__init__()
        layers, d = [], n_genes
        for _ in range(depth):
            layers += [nn.Linear(d, hidden), nn.BatchNorm1d(hidden), nn.GELU(), nn.Dropout(dropout)]
            d = hidden
        self.body = nn.Sequential(*layers)
        self.out = nn.Linear(d, n_types)

    def forward(self, x):
        return self.out(self.body(x))
