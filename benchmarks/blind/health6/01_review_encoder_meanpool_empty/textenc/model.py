import torch
import torch.nn as nn

from .pooling import mean_pooling, max_pooling


class ReviewEncoder(nn.Module):
    def __init__(self, vocab_size, dim=96, num_labels=3, pooling="mean", dropout=0.1):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, dim, padding_idx=0)
        self.conv = nn.Conv1d(dim, dim, kernel_size=3, padding=1)
        self.ff = nn.Sequential(nn.Linear(dim, dim * 2), nn.GELU(), nn.Linear(dim * 2, dim))
        self.norm = nn.LayerNorm(dim)
        self.drop = nn.Dropout(dropout)
        self.classifier = nn.Linear(dim, num_labels)
        self.pool = mean_pooling if pooling == "mean" else max_pooling

    def forward(self, input_ids, attention_mask):
        h = self.embed(input_ids)
        h = h + self.conv(h.transpose(1, 2)).transpose(1, 2)
        h = self.norm(h + self.ff(h))
        sent = self.pool(h, attention_mask)
        return self.classifier(self.drop(sent))
