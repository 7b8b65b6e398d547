import argparse
import json
import os

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from forecast.model import TemporalConvNet
from forecast.optim_factory import build_optimizer, build_scheduler
from forecast.series import WindowDataset, synthetic_load_curve
from forecast.trainer import Trainer

BASE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-c", "--config", default=os.path.join(BASE, "configs", "experiment.json"))
    args = ap.parse_args()
    cfg = json.load(open(args.config))
    torch.manual_seed(0)

    series = synthetic_load_curve()
    split = int(len(series) * 0.8)
    train_s, val_s = series[:split], series[split - cfg["window"]:]
    mean, std = train_s.mean(), train_s.std()
    train_ds = WindowDataset(train_s, cfg["window"], cfg["horizon"], mean, std)
    val_ds = WindowDataset(val_s, cfg["window"], cfg["horizon"], mean, std)
    train_loader = DataLoader(train_ds, batch_size=cfg["batch_size"], shuffle=True)
    val_loader = DataLoader(val_ds, batch_size=cfg["batch_size"])

    model = TemporalConvNet(cfg["window"], cfg["horizon"], cfg["hidden"])
    optimizer = build_optimizer(model.parameters(), cfg["optimizer"])
    scheduler = build_scheduler(optimizer, cfg["scheduler"], cfg["epochs"])
    trainer = Trainer(model, optimizer, scheduler, nn.MSELoss(), os.path.join(BASE, cfg["log_dir"]))
    trainer.fit(train_loader, val_loader, cfg["epochs"])


if __name__ == "__main__":
    main()
