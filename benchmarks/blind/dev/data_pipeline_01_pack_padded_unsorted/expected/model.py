import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence


class LSTMSentiment(nn.Module):
    def __init__(self, vocab_size, emb_dim=32, hidden=32, n_classes=2):
        super().__init__()
        self.embedding = nn.Embedding(vocab_size, emb_dim, padding_idx=0)
        self.lstm = nn.LSTM(emb_dim, hidden, batch_first=True)
        self.fc = nn.Linear(hidden, n_classes)

    def forward(self, tokens, lengths):
        emb = self.embedding(tokens)
        packed = pack_padded_sequence(emb, lengths.cpu(), batch_first=True, enforce_sorted=False)
        _, (h_n, _) = self.lstm(packed)
        return self.fc(h_n[-1])
