import torch
import torch.nn as nn
import torch.nn.functional as F


class Tower(nn.Module):
    def __init__(self, dims, dropout=0.0):
        super().__init__()
        layers = []
        for a, b in zip(dims[:-1], dims[1:]):
            layers += [nn.Linear(a, b), nn.ReLU(), nn.Dropout(dropout)]
        self.mlp = nn.Sequential(*layers[:-2])

    def forward(self, x):
        return F.normalize(self.mlp(x), dim=-1)


class TwoTowerRetriever(nn.Module):
    def __init__(self, n_users, n_items, n_genres, emb_dim=32, out_dim=32, temperature=0.1):
        super().__init__()
        self.user_emb = nn.Embedding(n_users, emb_dim)
        self.item_emb = nn.Embedding(n_items, emb_dim)
        self.genre_emb = nn.Embedding(n_genres, emb_dim // 2)
        self.user_tower = Tower([emb_dim, 64, out_dim], dropout=0.1)
        self.item_tower = Tower([emb_dim + emb_dim // 2, 64, out_dim], dropout=0.1)
        self.temperature = temperature

    def encode_users(self, users):
        return self.user_tower(self.user_emb(users))

    def encode_items(self, items, genres):
        return self.item_tower(torch.cat([self.item_emb(items), self.genre_emb(genres)], dim=-1))

    def in_batch_softmax_loss(self, users, items, genres, log_q=None):
        u = self.encode_users(users)
        v = self.encode_items(items, genres)
        logits = u @ v.T / self.temperature
        if log_q is not None:
            logits = logits - log_q.unsqueeze(0)
        labels = torch.arange(len(users), device=users.device)
        return F.cross_entropy(logits, labels)
