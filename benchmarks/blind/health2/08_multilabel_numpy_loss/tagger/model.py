import torch.nn as nn


class BagOfWordsTagger(nn.Module):
    def __init__(self, vocab_size, embed_dim, n_tags):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab_size, embed_dim, mode="mean")
        self.classifier = nn.Sequential(nn.Linear(embed_dim, embed_dim), nn.ReLU(), nn.Linear(embed_dim, n_tags))

    def forward(self, tokens):
        return self.classifier(self.embed(tokens))
