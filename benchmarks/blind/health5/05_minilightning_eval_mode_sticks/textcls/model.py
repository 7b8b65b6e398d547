import torch
import torch.nn as nn
import torch.nn.functional as F

from minilit.module import LitModule


class ReviewClassifier(LitModule):
    def __init__(self, vocab=400, dim=32, n_classes=4, lr=5e-3, dropout=0.2):
        super().__init__()
        self.emb = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.drop = nn.Dropout(dropout)
        self.fc = nn.Linear(dim, n_classes)
        self.lr = lr

    def forward(self, tokens):
        return self.fc(self.drop(self.emb(tokens)))

    def shared_step(self, batch):
        tokens, y = batch
        return F.cross_entropy(self(tokens), y)

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=self.lr)
