import torch.nn as nn


class BiLSTMTagger(nn.Module):
    def __init__(self, vocab_size, num_tags, emb_dim=32, hidden=64):
        super().__init__()
        self.emb = nn.Embedding(vocab_size, emb_dim, padding_idx=0)
        self.rnn = nn.LSTM(emb_dim, hidden, batch_first=True, bidirectional=True)
        self.proj = nn.Linear(2 * hidden, num_tags)

    def forward(self, tokens):
        h, _ = self.rnn(self.emb(tokens))
        return self.proj(h)
