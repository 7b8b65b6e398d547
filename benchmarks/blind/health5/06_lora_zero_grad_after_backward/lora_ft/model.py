import torch
import torch.nn as nn
import torch.nn.functional as F


class TinyBlock(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.q_proj = nn.Linear(d, d)
        self.k_proj = nn.Linear(d, d)
        self.v_proj = nn.Linear(d, d)
        self.fc1 = nn.Linear(d, 2 * d)
        self.fc2 = nn.Linear(2 * d, d)
        self.ln1 = nn.LayerNorm(d)
        self.ln2 = nn.LayerNorm(d)

    def forward(self, x):
        h = self.ln1(x)
        att = torch.softmax(self.q_proj(h) @ self.k_proj(h).transpose(1, 2) / h.size(-1) ** 0.5, -1)
        x = x + att @ self.v_proj(h)
        return x + self.fc2(F.gelu(self.fc1(self.ln2(x))))


class TinyEncoder(nn.Module):
    """Stand-in for the frozen base model (weights come from base_seed, as on the shared cluster)."""

    def __init__(self, vocab=64, d=32, n_layers=2, n_labels=3):
        super().__init__()
        self.tok = nn.Embedding(vocab, d)
        self.blocks = nn.ModuleList([TinyBlock(d) for _ in range(n_layers)])
        self.head = nn.Linear(d, n_labels)

    def forward(self, ids):
        x = self.tok(ids)
        for b in self.blocks:
            x = b(x)
        return self.head(x.mean(1))
