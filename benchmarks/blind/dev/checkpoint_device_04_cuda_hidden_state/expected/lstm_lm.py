import torch
from torch.nn import LSTM, Embedding, Linear, Module, functional as F


class CharLSTM(Module):
    def __init__(self, vocab_size, emb=32, hidden=64, layers=2, dropout=0.1):
        super().__init__()
        self.hidden = hidden
        self.layers = layers
        self.emb = Embedding(vocab_size, emb)
        self.lstm = LSTM(emb, hidden, num_layers=layers, dropout=dropout, batch_first=True)
        self.proj = Linear(hidden, vocab_size)

    def init_state(self, batch_size):
        h = torch.zeros(self.layers, batch_size, self.hidden, device=self.proj.weight.device)
        c = torch.zeros(self.layers, batch_size, self.hidden, device=self.proj.weight.device)
        return h, c

    def forward(self, idx, state=None):
        if state is None:
            state = self.init_state(idx.size(0))
        out, state = self.lstm(self.emb(idx), state)
        return self.proj(out), state

    def loss(self, idx, targets):
        logits, _ = self(idx)
        return F.cross_entropy(logits.reshape(-1, logits.size(-1)), targets.reshape(-1))
