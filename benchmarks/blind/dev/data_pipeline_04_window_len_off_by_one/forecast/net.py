from torch import nn


class GRUForecaster(nn.Module):
    def __init__(self, hidden=16):
        super().__init__()
        self.gru = nn.GRU(1, hidden, batch_first=True)
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        _, h = self.gru(x)
        return self.out(h[-1]).squeeze(-1)
