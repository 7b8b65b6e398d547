import torch.nn as nn


class GRU4Rec(nn.Module):
    def __init__(self, n_items, emb_dim=48, hidden=64, dropout=0.25):
        super().__init__()
        self.item_emb = nn.Embedding(n_items, emb_dim, padding_idx=0)
        self.drop = nn.Dropout(dropout)
        self.gru = nn.GRU(emb_dim, hidden, batch_first=True)
        self.scorer = nn.Linear(hidden, n_items)

    def forward(self, prefixes):
        states = self.gru(self.drop(self.item_emb(prefixes)))
        last = states[:, -1, :]
        return self.scorer(last)
