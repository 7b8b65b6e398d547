import torch.nn as nn


class BagOfEmbeddings(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.emb = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.fc = nn.Sequential(nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, 1))

    def forward(self, tokens, offsets):
        return self.fc(self.emb(tokens, offsets)).squeeze(1)
