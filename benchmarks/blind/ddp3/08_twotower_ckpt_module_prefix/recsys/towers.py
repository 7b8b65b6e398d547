import torch
import torch.nn as nn
import torch.nn.functional as F


def build_model(n_users, n_items, dim=32):
    return TwoTower(n_users, n_items, dim)


class TwoTower(nn.Module):
    def __init__(self, n_users, n_items, dim):
        super().__init__()
        self.user_emb = nn.Embedding(n_users, dim)
        self.item_emb = nn.Embedding(n_items, dim)
        self.user_mlp = nn.Sequential(nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, dim))
        self.item_mlp = nn.Sequential(nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, dim))

    def user_vec(self, u):
        return F.normalize(self.user_mlp(self.user_emb(u)), dim=-1)

    def item_vec(self, i):
        return F.normalize(self.item_mlp(self.item_emb(i)), dim=-1)

    def forward(self, u, i):
        return self.user_vec(u), self.item_vec(i)


def in_batch_softmax_loss(uv, iv, temperature=0.1):
    logits = uv @ iv.T / temperature
    return F.cross_entropy(logits, torch.arange(len(uv)))


@torch.no_grad()
def recall_at_k(model, dataset, n_items, k=10):
    users, items = dataset.tensors
    uv = model.user_vec(users)
    iv = model.item_vec(torch.arange(n_items))
    topk = (uv @ iv.T).topk(k, dim=1).indices
    return (topk == items.unsqueeze(1)).any(1).float().mean().item()
