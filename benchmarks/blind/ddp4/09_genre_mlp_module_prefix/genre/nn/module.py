import torch
import torch.nn as nn
import torch.nn.functional as F


class GenreMLP(nn.Module):
    def __init__(self, in_dim=52, num_genres=6, hidden=128, p=0.2):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(in_dim, hidden), nn.BatchNorm1d(hidden), nn.ReLU(), nn.Dropout(p),
            nn.Linear(hidden, hidden), nn.BatchNorm1d(hidden), nn.ReLU(), nn.Dropout(p),
            nn.Linear(hidden, num_genres),
        )

    def forward(self, x):
        return self.net(x)


class GenreModule:
    """LightningModule-like bundle of model + steps + optimiser factory."""

    def __init__(self, lr=1e-3):
        self.model = GenreMLP()
        self.lr = lr

    def training_step(self, model, batch):
        x, y = batch
        return F.cross_entropy(model(x), y)

    @torch.no_grad()
    def validation_step(self, model, batch):
        x, y = batch
        logits = model(x)
        return F.cross_entropy(logits, y, reduction="sum"), (logits.argmax(-1) == y).sum(), y.numel()

    def configure_optimizers(self, params):
        return torch.optim.AdamW(params, lr=self.lr, weight_decay=1e-4)
