import torch
import torch.nn as nn


class TabularNet(nn.Module):
    def __init__(self, n_numeric, n_categories, emb_dim, hidden, dropout):
        super().__init__()
        self.embeddings = nn.ModuleList(nn.Embedding(k, emb_dim) for k in n_categories)
        self.num_norm = nn.BatchNorm1d(n_numeric)
        d_in = n_numeric + emb_dim * len(n_categories)
        self.net = nn.Sequential(
            nn.Linear(d_in, hidden), nn.ReLU(), nn.Dropout(dropout),
            nn.Linear(hidden, hidden // 2), nn.ReLU(), nn.Linear(hidden // 2, 1),
        )

    def forward(self, num, cats):
        embs = [emb(cats[:, i]) for i, emb in enumerate(self.embeddings)]
        return self.net(torch.cat([self.num_norm(num), *embs], dim=1)).squeeze(-1)
