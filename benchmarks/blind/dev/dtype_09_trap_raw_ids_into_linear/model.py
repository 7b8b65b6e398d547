from torch import nn


class CTRModel(nn.Module):
    """Click-through-rate model over the event columns."""

    def __init__(self, n_columns, hidden=32):
        super().__init__()
        self.mlp = nn.Sequential(
            nn.Linear(n_columns, hidden), nn.ReLU(),
            nn.Linear(hidden, hidden), nn.ReLU(),
            nn.Linear(hidden, 1),
        )

    def forward(self, rows):
        return self.mlp(rows).squeeze(-1)
