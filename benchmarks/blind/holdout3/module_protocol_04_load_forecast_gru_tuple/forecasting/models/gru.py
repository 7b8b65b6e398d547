import torch.nn as nn


class GRUForecaster(nn.Module):
    """Encode a history window with a GRU and regress the next `horizon` values."""

    def __init__(self, n_features, hidden=64, layers=1, horizon=24):
        super().__init__()
        self.gru = nn.GRU(n_features, hidden, num_layers=layers, batch_first=True)
        self.head = nn.Sequential(nn.Linear(hidden, hidden), nn.GELU(), nn.Linear(hidden, horizon))

    def forward(self, x):
        encoded = self.gru(x)
        last = encoded[:, -1, :]
        return self.head(last)
