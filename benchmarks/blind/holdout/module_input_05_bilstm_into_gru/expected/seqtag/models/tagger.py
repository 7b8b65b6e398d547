from torch import nn


class BiLSTMTagger(nn.Module):
    """Embedding -> BiLSTM encoder -> GRU refinement layer -> per-token tag scores."""

    def __init__(self, vocab_size, num_tags, emb_dim=32, hidden_dim=64, dropout=0.2, pad_idx=0):
        super().__init__()
        self.embedding = nn.Embedding(vocab_size, emb_dim, padding_idx=pad_idx)
        self.encoder = nn.LSTM(emb_dim, hidden_dim, batch_first=True, bidirectional=True)
        self.refine = nn.GRU(2 * hidden_dim, hidden_dim, batch_first=True)
        self.dropout = nn.Dropout(dropout)
        self.classifier = nn.Linear(hidden_dim, num_tags)

    def forward(self, tokens):
        x = self.dropout(self.embedding(tokens))
        enc, _ = self.encoder(x)          # (B, T, 2 * hidden_dim)
        ref, _ = self.refine(self.dropout(enc))
        return self.classifier(ref)       # (B, T, num_tags)
