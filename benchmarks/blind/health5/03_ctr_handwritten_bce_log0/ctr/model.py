import torch
import torch.nn as nn


class WideAndDeep(nn.Module):
    def __init__(self, n_items, n_categories, n_dense, emb_dim, deep_layers):
        super().__init__()
        self.item_emb = nn.Embedding(n_items, emb_dim)
        self.cat_emb = nn.Embedding(n_categories, emb_dim)
        self.wide = nn.Linear(n_dense, 1)
        layers, d = [], 2 * emb_dim + n_dense
        for h in deep_layers:
            layers += [nn.Linear(d, h), nn.ReLU()]
            d = h
        layers.append(nn.Linear(d, 1))
        self.deep = nn.Sequential(*layers)

    def forward(self, item, cat, dense):
        e = torch.cat([self.item_emb(item), self.cat_emb(cat), dense], dim=1)
        return (self.wide(dense) + self.deep(e)).squeeze(1)  # logits
