import argparse

import torch
import yaml
from torch.utils.data import DataLoader

from peaknet.data import SpectrumPeaks
from peaknet.losses import PeakLoss
from peaknet.model import PeakNet
from peaknet.trainer import Trainer


def parse_args():
    p = argparse.ArgumentParser(description="peak detection on 1-D spectra")
    p.add_argument("--config", default="config.yaml")
    p.add_argument("--epochs", type=int, default=None)
    return p.parse_args()


def main():
    args = parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)
    torch.manual_seed(cfg["train"]["seed"])
    d = cfg["data"]
    train_set = SpectrumPeaks(d["train_size"], d["length"], d["max_peaks"], seed=1)
    val_set = SpectrumPeaks(d["val_size"], d["length"], d["max_peaks"], seed=2)
    train_loader = DataLoader(train_set, batch_size=cfg["train"]["batch_size"], shuffle=True)
    val_loader = DataLoader(val_set, batch_size=cfg["train"]["batch_size"])

    model = PeakNet(**cfg["model"])
    criterion = PeakLoss(**cfg["loss"])
    optimizer = torch.optim.Adam(model.parameters(), lr=float(cfg["train"]["lr"]))
    trainer = Trainer(model, criterion, optimizer)

    epochs = args.epochs or cfg["train"]["epochs"]
    for epoch in range(1, epochs + 1):
        train_loss = trainer.run_epoch(epoch, train_loader)
        val_loss = trainer.val(val_loader)
        print(f"epoch {epoch} | train loss {train_loss:.4f} | val loss {val_loss:.4f}")
    torch.save(model.state_dict(), "model_last.pth")


if __name__ == "__main__":
    main()
