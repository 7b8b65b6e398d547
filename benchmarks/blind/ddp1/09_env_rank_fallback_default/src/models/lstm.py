import torch
import torch.nn as nn


class LSTMClassifier(nn.Module):
    def __init__(self, vocab=200, emb=32, hidden=48, n_classes=2):
        super().__init__()
        self.emb = nn.Embedding(vocab, emb, padding_idx=0)
        self.lstm = nn.LSTM(emb, hidden, batch_first=True, bidirectional=True)
        self.fc = nn.Linear(2 * hidden, n_classes)

    def forward(self, x):
        out, _ = self.lstm(self.emb(x))
        return self.fc(out.mean(1))
