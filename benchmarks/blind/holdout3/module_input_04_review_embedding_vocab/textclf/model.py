import torch.nn as nn


class BagOfEmbeddings(nn.Module):
    def __init__(self, vocab_size, dim, num_classes, pad_id=0):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, dim, padding_idx=pad_id)
        self.pad_id = pad_id
        self.out = nn.Sequential(nn.Linear(dim, dim), nn.Tanh(), nn.Linear(dim, num_classes))

    def forward(self, ids):
        mask = (ids != self.pad_id).unsqueeze(-1).float()
        emb = self.embed(ids) * mask
        pooled = emb.sum(1) / mask.sum(1).clamp(min=1.0)
        return self.out(pooled)
