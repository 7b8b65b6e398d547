import torch
import torch.nn as nn


class CharLSTMClassifier(nn.Module):
    def __init__(self, n_chars, n_classes, emb_dim=24, hidden=48):
        super().__init__()
        self.embed = nn.Embedding(n_chars + 1, emb_dim, padding_idx=0)
        self.lstm = nn.LSTM(emb_dim, hidden, batch_first=True)
        self.fc = nn.Linear(hidden, n_classes)

    def forward(self, chars, lengths):
        emb = self.embed(chars)                          # (B, T, E)
        out, _ = self.lstm(emb)
        idx = (lengths - 1).view(-1, 1, 1).expand(-1, 1, out.size(2))
        last = out.gather(1, idx).squeeze(1)             # hidden state at the last real char
        return torch.log_softmax(self.fc(last), dim=-1)
