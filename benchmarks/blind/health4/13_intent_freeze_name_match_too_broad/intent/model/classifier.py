import torch
import torch.nn as nn


class IntentClassifier(nn.Module):
    def __init__(self, vocab, emb_dim, hidden, n_intents):
        super().__init__()
        self.word_emb = nn.Embedding(vocab, emb_dim)           # loaded from pretrained vectors
        self.sent_embedder = nn.GRU(emb_dim, hidden, batch_first=True, bidirectional=True)
        self.head = nn.Linear(2 * hidden, n_intents)

    def forward(self, tokens):
        out, _ = self.sent_embedder(self.word_emb(tokens))
        return self.head(out.max(dim=1).values)
