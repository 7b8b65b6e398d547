import torch
from torch import nn
from torch.nn import Linear, functional as F


class MeanPoolClassifier(nn.Module):
    def __init__(self, vocab_size: int, dim: int, n_classes: int, pad_id: int = 0):
        super().__init__()
        self.pad_id = pad_id
        self.emb = nn.Embedding(vocab_size, dim, padding_idx=pad_id)
        self.proj = Linear(dim, dim)
        self.out = Linear(dim, n_classes)

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        mask = (ids != self.pad_id).unsqueeze(-1).float()
        h = self.emb(ids)
        pooled = (h * mask).sum(1) / mask.sum(1).clamp(min=1.0)
        return self.out(F.gelu(self.proj(pooled)))
