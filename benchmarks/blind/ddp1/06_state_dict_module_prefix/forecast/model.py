import torch.nn as nn


class GRUForecaster(nn.Module):
    def __init__(self, hidden=32, layers=1):
        super().__init__()
        self.rnn = nn.GRU(1, hidden, num_layers=layers, batch_first=True)
        self.head = nn.Linear(hidden, 1)

    def forward(self, x):
        out, _ = self.rnn(x)
        return self.head(out[:, -1])
