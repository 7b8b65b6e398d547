import torch
import torch.nn as nn
import torch.nn.functional as F


class PVForecaster(nn.Module):
    def __init__(self, n_inputs, lr=3e-3, hidden=64):
        super().__init__()
        self.lr = lr
        self.net = nn.Sequential(nn.Linear(n_inputs, hidden), nn.SiLU(),
                                 nn.Linear(hidden, hidden), nn.SiLU(),
                                 nn.Linear(hidden, 1))

    def forward(self, x):
        return self.net(x)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return F.mse_loss(self(x), y)

    def validation_step(self, batch, batch_idx):
        x, y = batch
        return F.mse_loss(self(x), y, reduction="sum")

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=self.lr)
