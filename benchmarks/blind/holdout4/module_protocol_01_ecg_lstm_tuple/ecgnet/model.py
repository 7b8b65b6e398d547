import torch
import torch.nn as nn


class AttentionPool(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.score = nn.Linear(dim, 1)

    def forward(self, h):
        w = torch.softmax(self.score(h), dim=1)
        return (w * h).sum(dim=1)


class RhythmClassifier(nn.Module):
    def __init__(self, n_leads, hidden, layers, n_classes):
        super().__init__()
        self.proj = nn.Linear(n_leads, hidden)
        self.encoder = nn.LSTM(hidden, hidden, num_layers=layers, batch_first=True, bidirectional=True)
        self.pool = AttentionPool(2 * hidden)
        self.head = nn.Sequential(nn.Dropout(0.2), nn.Linear(2 * hidden, n_classes))

    def forward(self, x):
        h = torch.relu(self.proj(x))
        h = self.encoder(h)
        return self.head(self.pool(h))
