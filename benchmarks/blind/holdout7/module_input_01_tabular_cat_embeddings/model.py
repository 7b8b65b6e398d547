import torch
import torch.nn as nn


def emb_dim(card):
    return min(16, (card + 1) // 2)


class TabularNet(nn.Module):
    def __init__(self, cardinalities, n_num, hidden, dropout):
        super().__init__()
        self.embeddings = nn.ModuleList([nn.Embedding(c, emb_dim(c)) for c in cardinalities])
        self.emb_drop = nn.Dropout(dropout / 2)
        self.num_bn = nn.BatchNorm1d(n_num)
        in_dim = sum(emb_dim(c) for c in cardinalities) + n_num
        layers = []
        for h in hidden:
            layers += [nn.Linear(in_dim, h), nn.BatchNorm1d(h), nn.SiLU(), nn.Dropout(dropout)]
            in_dim = h
        self.mlp = nn.Sequential(*layers)
        self.out = nn.Linear(in_dim, 1)

    def forward(self, x_cat, x_num):
        embs = [emb(x_cat[:, i]) for i, emb in enumerate(self.embeddings)]
        x = torch.cat(embs + [self.num_bn(x_num)], dim=1)
        x = self.mlp(self.emb_drop(x))
        return self.out(x).squeeze(1)
