import argparse
import math

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

from model import SeqRegressor


def make_windows(n_series=500, window=24, seed=0):
    g = torch.Generator().manual_seed(seed)
    t = torch.arange(window + 1, dtype=torch.float32)
    freq = torch.rand(n_series, 1, generator=g) * 0.5 + 0.1
    phase = torch.rand(n_series, 1, generator=g) * 2 * math.pi
    series = torch.sin(freq * t + phase) + 0.05 * torch.randn(n_series, window + 1, generator=g)
    x = series[:, :-1].unsqueeze(-1)  # (N, window, 1)
    y = series[:, -1]
    return TensorDataset(x, y)


class Trainer:
    def __init__(self, model, loader, lr, epochs, ckpt="lstm_forecaster.pt"):
        self.model = model
        self.loader = loader
        self.epochs = epochs
        self.ckpt = ckpt
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.loss_fn = nn.MSELoss()

    def train_epoch(self, epoch):
        self.model.train()
        total, n = 0.0, 0
        for i, (x, y) in enumerate(self.loader):
            pred = self.model(x)
            loss = self.loss_fn(pred, y)
            self.opt.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
            self.opt.step()
            total += loss.item() * x.size(0)
            n += x.size(0)
            if i % 5 == 0:
                print(f"  epoch {epoch} batch {i}/{len(self.loader)} mse {loss.item():.4f}")
        return total / n

    def fit(self):
        for epoch in range(self.epochs):
            mse = self.train_epoch(epoch)
            print(f"epoch {epoch}: train mse {mse:.4f}")
        torch.save(self.model.state_dict(), self.ckpt)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=3)
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--hidden", type=int, default=32)
    p.add_argument("--lr", type=float, default=3e-3)
    args = p.parse_args()

    torch.manual_seed(0)
    ds = make_windows()
    loader = DataLoader(ds, batch_size=args.batch_size, shuffle=True)
    model = SeqRegressor(hidden_size=args.hidden, batch_size=args.batch_size)
    Trainer(model, loader, args.lr, args.epochs).fit()


if __name__ == "__main__":
    main()
