import torch
import torch.nn as nn


class BPRMF(nn.Module):
    def __init__(self, n_users, n_items, dim=32):
        super().__init__()
        self.U = nn.Embedding(n_users, dim)
        self.V = nn.Embedding(n_items, dim)
        nn.init.normal_(self.U.weight, std=0.05)
        nn.init.normal_(self.V.weight, std=0.05)

    def forward(self, u, i, j):
        pu = self.U(u)
        return (pu * self.V(i)).sum(-1) - (pu * self.V(j)).sum(-1)

    @torch.no_grad()
    def recall_at_k(self, test, seen, k=10):
        scores = self.U.weight @ self.V.weight.t()
        hits = 0
        for u, target in test.items():
            s = scores[u].clone()
            s[list(seen[u])] = float("-inf")
            hits += int(target in s.topk(k).indices.tolist())
        return hits / len(test)
