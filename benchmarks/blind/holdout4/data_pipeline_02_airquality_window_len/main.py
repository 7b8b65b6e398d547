import argparse

import torch
from torch.utils.data import DataLoader

from airq.dataset import chronological_split
from airq.models import TinyTCN
from airq.sources import SENSORS, load_station
from airq.trainer import LRMonitor, Timer, Trainer


def cli():
    p = argparse.ArgumentParser(description="PM2.5 next-hour forecasting")
    p.add_argument("--station", default="data/station_042.npy")
    p.add_argument("--window", type=int, default=24)
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--lr", type=float, default=2e-3)
    return p.parse_args()


if __name__ == "__main__":
    args = cli()
    torch.manual_seed(0)
    series = load_station(args.station)
    train_ds, val_ds = chronological_split(series, args.window)
    train_dl = DataLoader(train_ds, batch_size=args.batch_size, shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=args.batch_size)
    model = TinyTCN(len(SENSORS))
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=args.epochs)
    Trainer(model, opt, torch.nn.L1Loss(), sched, [Timer(), LRMonitor()]).fit(train_dl, val_dl, args.epochs)
