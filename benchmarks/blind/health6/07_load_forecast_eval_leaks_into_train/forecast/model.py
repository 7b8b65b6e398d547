import torch.nn as nn


class GRUForecaster(nn.Module):
    def __init__(self, n_features, hidden=32, horizon=12, dropout=0.1):
        super().__init__()
        self.gru = nn.GRU(n_features, hidden, batch_first=True)
        self.drop = nn.Dropout(dropout)
        self.out = nn.Linear(hidden, horizon)

    def forward(self, x):
        h, _ = self.gru(x)
        return self.out(self.drop(h[:, -1]))
