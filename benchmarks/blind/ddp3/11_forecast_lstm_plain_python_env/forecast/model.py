import torch.nn as nn


class Forecaster(nn.Module):
    def __init__(self, hidden=32, horizon=12):
        super().__init__()
        self.lstm = nn.LSTM(1, hidden, batch_first=True)
        self.head = nn.Linear(hidden, horizon)

    def forward(self, x):
        out, _ = self.lstm(x)
        return self.head(out[:, -1])
