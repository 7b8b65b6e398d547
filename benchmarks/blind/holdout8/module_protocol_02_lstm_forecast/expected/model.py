import torch.nn as nn


class LSTMForecaster(nn.Module):
    def __init__(self, n_features=1, hidden_size=32, num_layers=2, horizon=1):
        super().__init__()
        self.lstm = nn.LSTM(input_size=n_features, hidden_size=hidden_size,
                            num_layers=num_layers, batch_first=True)
        self.fc = nn.Linear(hidden_size, horizon)

    def forward(self, x):
        # x: (batch, seq_len, n_features)
        out, _ = self.lstm(x)
        out = self.fc(out[:, -1, :])
        return out
