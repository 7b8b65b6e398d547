import torch
import torch.nn as nn

from .data import PAD_ITEM


class GRU4Rec(nn.Module):
    def __init__(self, n_items, dim=64):
        super().__init__()
        self.item_emb = nn.Embedding(n_items + 1, dim, padding_idx=PAD_ITEM)
        self.gru = nn.GRU(dim, dim, batch_first=True)
        self.out = nn.Linear(dim, n_items + 1)

    def forward(self, items):
        lengths = (items != PAD_ITEM).sum(1).clamp(min=1)
        h, _ = self.gru(self.item_emb(items))
        last = h[torch.arange(items.size(0)), lengths - 1]
        return self.out(last)
