import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence


class IntentLSTM(nn.Module):
    def __init__(self, vocab_size, num_intents, emb_dim=48, hidden=64):
        super().__init__()
        self.emb = nn.Embedding(vocab_size, emb_dim, padding_idx=0)
        self.lstm = nn.LSTM(emb_dim, hidden, batch_first=True, bidirectional=True)
        self.cls = nn.Linear(2 * hidden, num_intents)

    def forward(self, tokens, lengths):
        packed = pack_padded_sequence(self.emb(tokens), lengths, batch_first=True, enforce_sorted=False)
        _, (h, _) = self.lstm(packed)
        return self.cls(torch.cat([h[-2], h[-1]], dim=1))
