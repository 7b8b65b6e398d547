import argparse
import dataclasses

import torch
from torch import nn
from torch.utils.data import DataLoader

from settings import Settings
from streams import RandomWindows, make_series
from tcn import TCNForecaster


class Forecaster:
    def __init__(self, settings: Settings):
        self.s = settings
        self.device = torch.device(settings.device)
        d = settings.data
        self.model = TCNForecaster(settings.channels, settings.levels, d.window, d.horizon).to(self.device)
        self.opt = torch.optim.Adam(self.model.parameters(), lr=settings.lr)
        self.loss = nn.L1Loss()

    def _batches(self, loader):
        for hist, fut in loader:
            yield hist.to(self.device, non_blocking=True), fut.to(self.device, non_blocking=True)

    def train_epoch(self, loader):
        self.model.train()
        losses = []
        for hist, fut in self._batches(loader):
            loss = self.loss(self.model(hist), fut)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            losses.append(loss.item())
        return sum(losses) / len(losses)

    @torch.no_grad()
    def validate(self, loader):
        self.model.eval()
        errs = [self.loss(self.model(h), f).item() for h, f in self._batches(loader)]
        return sum(errs) / len(errs)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int)
    ap.add_argument("--lr", type=float)
    cli = {k: v for k, v in vars(ap.parse_args()).items() if v is not None}
    s = dataclasses.replace(Settings(), **cli)
    torch.manual_seed(0)

    d = s.data
    bank = make_series(d.n_series, d.series_len, seed=0)
    split = int(0.8 * d.series_len)
    train_ds = RandomWindows(bank[:, :split], d.window, d.horizon, d.windows_per_epoch, seed=0)
    val_ds = RandomWindows(bank[:, split - d.window:], d.window, d.horizon, 96, seed=1)
    train_dl = DataLoader(train_ds, batch_size=s.batch_size)
    val_dl = DataLoader(val_ds, batch_size=s.batch_size)

    fc = Forecaster(s)
    for epoch in range(s.epochs):
        tr = fc.train_epoch(train_dl)
        va = fc.validate(val_dl)
        print(f"epoch {epoch}: train MAE {tr:.4f}  val MAE {va:.4f}")
    torch.save(fc.model.state_dict(), s.save_to)


if __name__ == "__main__":
    main()
