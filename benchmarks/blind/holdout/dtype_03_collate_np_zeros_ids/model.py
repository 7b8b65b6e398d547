from torch import nn


class BagOfEmbeddings(nn.Module):
    """Mean-pooled word embeddings followed by a small MLP."""

    def __init__(self, vocab_size, dim=48, num_classes=2, pad_idx=0):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, dim, padding_idx=pad_idx)
        self.classifier = nn.Sequential(nn.Linear(dim, dim), nn.Tanh(), nn.Linear(dim, num_classes))

    def forward(self, tokens, lengths):
        emb = self.embed(tokens)                      # (B, T, D)
        pooled = emb.sum(1) / lengths.unsqueeze(1).clamp(min=1)
        return self.classifier(pooled)
