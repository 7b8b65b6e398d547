import torch.nn as nn


class GRUForecaster(nn.Module):
    def __init__(self, input_size, hidden_size, num_layers, horizon):
        super().__init__()
        self.encoder = nn.GRU(input_size, hidden_size, num_layers=num_layers, batch_first=True)
        self.head = nn.Sequential(
            nn.Linear(hidden_size, hidden_size),
            nn.GELU(),
            nn.Linear(hidden_size, horizon),
        )

    def forward(self, x):
        _, h = self.encoder(x)
        return self.head(h[-1])
