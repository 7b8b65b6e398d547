import torch
import torch.nn as nn


class GRUEncoder(nn.Module):
    def __init__(self, in_features, hidden, layers, dropout):
        super().__init__()
        self.inp = nn.Linear(in_features, hidden)
        self.rnn = nn.GRU(hidden, hidden, num_layers=layers, batch_first=True,
                          dropout=dropout if layers > 1 else 0.0)
        self.norm = nn.LayerNorm(hidden)

    def forward(self, x):
        h = self.rnn(torch.relu(self.inp(x)))
        return self.norm(h)


class GRUMLPForecaster(nn.Module):
    """GRU over the lookback window, MLP decoder emitting all horizons x quantiles at once."""

    def __init__(self, in_features, lookback, horizon, n_quantiles, hidden=64, layers=2, dropout=0.1):
        super().__init__()
        self.encoder = GRUEncoder(in_features, hidden, layers, dropout)
        self.decoder = nn.Sequential(nn.Linear(hidden, 2 * hidden), nn.GELU(), nn.Dropout(dropout),
                                     nn.Linear(2 * hidden, horizon * n_quantiles))
        self.horizon, self.q = horizon, n_quantiles

    def forward(self, x):
        enc = self.encoder(x)
        return self.decoder(enc[:, -1]).view(-1, self.horizon, self.q)
