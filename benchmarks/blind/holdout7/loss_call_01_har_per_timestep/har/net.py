import torch.nn as nn


class ConvGRUTagger(nn.Module):
    """Conv front-end + (Bi)GRU, emits a class distribution for every time step."""

    def __init__(self, in_ch, n_classes, hidden=48, layers=1, bidirectional=True, dropout=0.1):
        super().__init__()
        self.front = nn.Sequential(
            nn.Conv1d(in_ch, hidden, kernel_size=5, padding=2), nn.BatchNorm1d(hidden), nn.GELU(),
            nn.Conv1d(hidden, hidden, kernel_size=5, padding=2), nn.BatchNorm1d(hidden), nn.GELU(),
        )
        self.rnn = nn.GRU(hidden, hidden, num_layers=layers, batch_first=True, bidirectional=bidirectional)
        self.drop = nn.Dropout(dropout)
        self.head = nn.Linear(hidden * (2 if bidirectional else 1), n_classes)

    def forward(self, x):
        # x: (N, T, C)
        h = self.front(x.transpose(1, 2)).transpose(1, 2)
        h, _ = self.rnn(h)
        return self.head(self.drop(h))
