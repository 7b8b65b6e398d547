import torch
import torch.nn as nn


class LSTMForecaster(nn.Module):
    def __init__(self, n_features: int, hidden_size: int, horizon: int, num_layers: int = 2, dropout: float = 0.1):
        super().__init__()
        self.lstm = nn.LSTM(n_features, hidden_size, num_layers=num_layers, batch_first=True, dropout=dropout)
        self.norm = nn.LayerNorm(hidden_size)
        self.head = nn.Linear(hidden_size, horizon)

    def forward(self, past: torch.Tensor) -> torch.Tensor:
        # past: (B, lookback, n_features) -> (B, horizon)
        out = self.lstm(past)
        last = out[:, -1, :]
        return self.head(self.norm(last))
