import torch
import torch.nn as nn
import torch.nn.functional as F


class DeepAveragingNetwork(nn.Module):
    def __init__(self, vocab_size, dim, num_classes, pad_id=0):
        super().__init__()
        self.vocab_size = vocab_size
        self.pad_id = pad_id
        self.embedding = nn.Parameter(torch.randn(vocab_size, dim) * 0.05)
        self.mlp = nn.Sequential(nn.Linear(dim, dim), nn.ReLU(), nn.Dropout(0.2), nn.Linear(dim, num_classes))

    def forward(self, tokens):
        onehot = F.one_hot(tokens, self.vocab_size).float()
        emb = onehot @ self.embedding
        mask = (tokens != self.pad_id).unsqueeze(-1).float()
        avg = (emb * mask).sum(1) / mask.sum(1).clamp(min=1.0)
        return self.mlp(avg)
