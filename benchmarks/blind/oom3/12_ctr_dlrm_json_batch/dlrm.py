import torch
import torch.nn as nn


def mlp(sizes, last_act=True):
    layers = []
    for i in range(len(sizes) - 1):
        layers.append(nn.Linear(sizes[i], sizes[i + 1]))
        if i < len(sizes) - 2 or last_act:
            layers.append(nn.ReLU())
    return nn.Sequential(*layers)


class DLRM(nn.Module):
    def __init__(self, n_dense, cardinalities, emb_dim, bottom, top):
        super().__init__()
        self.bottom = mlp([n_dense] + bottom)
        self.embs = nn.ModuleList([nn.Embedding(c, emb_dim) for c in cardinalities])
        n_vec = len(cardinalities) + 1
        self.register_buffer("tri", torch.tril_indices(n_vec, n_vec, offset=-1), persistent=False)
        n_inter = n_vec * (n_vec - 1) // 2
        self.top = mlp([emb_dim + n_inter] + top + [1], last_act=False)

    def forward(self, dense, sparse):
        d = self.bottom(dense)
        vecs = torch.stack([d] + [emb(sparse[:, i]) for i, emb in enumerate(self.embs)], dim=1)
        inter = torch.bmm(vecs, vecs.transpose(1, 2))
        flat = inter[:, self.tri[0], self.tri[1]]
        return self.top(torch.cat([d, flat], dim=1)).squeeze(1)
