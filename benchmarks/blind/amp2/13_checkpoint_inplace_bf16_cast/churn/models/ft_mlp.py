import torch
import torch.nn as nn


class ChurnNet(nn.Module):
    def __init__(self, cardinalities, n_num, emb_dim=8, hidden=128):
        super().__init__()
        self.embs = nn.ModuleList(nn.Embedding(c, emb_dim) for c in cardinalities)
        self.num_bn = nn.BatchNorm1d(n_num)
        d = emb_dim * len(cardinalities) + n_num
        self.mlp = nn.Sequential(nn.Linear(d, hidden), nn.SiLU(), nn.Dropout(0.1),
                                 nn.Linear(hidden, hidden), nn.SiLU(), nn.Linear(hidden, 1))

    def forward(self, x_cat, x_num):
        e = [emb(x_cat[:, i]) for i, emb in enumerate(self.embs)]
        h = torch.cat(e + [self.num_bn(x_num)], dim=1)
        return self.mlp(h).squeeze(1)
