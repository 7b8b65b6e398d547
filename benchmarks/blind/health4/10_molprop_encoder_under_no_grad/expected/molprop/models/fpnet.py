import torch
import torch.nn as nn


class FingerprintRegressor(nn.Module):
    def __init__(self, n_bits=256, emb_dim=16, hidden=256, freeze_encoder=False):
        super().__init__()
        self.freeze_encoder = freeze_encoder
        self.encoder = nn.Sequential(
            nn.Linear(n_bits, hidden), nn.ReLU(),
            nn.Linear(hidden, emb_dim), nn.ReLU(),
        )
        self.head = nn.Linear(emb_dim, 1)

    def embed(self, x):
        with torch.set_grad_enabled(torch.is_grad_enabled() and not self.freeze_encoder):
            return self.encoder(x)

    def forward(self, x):
        return self.head(self.embed(x))
