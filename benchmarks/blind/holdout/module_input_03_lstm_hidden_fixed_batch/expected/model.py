import torch
import torch.nn as nn


class SeqRegressor(nn.Module):
    """Predicts the next value of a univariate series from a window of past values."""

    def __init__(self, input_size=1, hidden_size=32, num_layers=2, batch_size=32):
        super().__init__()
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.batch_size = batch_size
        self.lstm = nn.LSTM(input_size, hidden_size, num_layers=num_layers, batch_first=True)
        self.head = nn.Linear(hidden_size, 1)

    def init_hidden(self, batch_size):
        weight = next(self.parameters())
        h0 = weight.new_zeros(self.num_layers, batch_size, self.hidden_size)
        c0 = weight.new_zeros(self.num_layers, batch_size, self.hidden_size)
        return h0, c0

    def forward(self, x):
        hidden = self.init_hidden(x.size(0))
        out, _ = self.lstm(x, hidden)
        return self.head(out[:, -1, :]).squeeze(-1)
