import argparse

import numpy as np
import torch
import torch.nn as nn
import yaml
from torch.utils.data import DataLoader

from har.dataset import synth_recordings, IMUWindows, ACTIVITIES
from har.model import ConvHAR
from har.normalize import ChannelStandardizer


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/cnn1d.yaml")
    args = ap.parse_args()
    cfg = yaml.safe_load(open(args.config))
    torch.manual_seed(cfg["train"]["seed"])

    d = cfg["data"]
    X, y = synth_recordings(d["n_windows"], d["window"], d["channels"], seed=cfg["train"]["seed"])
    n_val = int(len(y) * d["val_split"])
    norm = ChannelStandardizer().fit(X[n_val:])
    train_ds = IMUWindows(X[n_val:], y[n_val:], norm)
    val_ds = IMUWindows(X[:n_val], y[:n_val], norm)
    train_dl = DataLoader(train_ds, batch_size=cfg["train"]["batch_size"], shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=128)

    m = cfg["model"]
    model = ConvHAR(len(d["channels"]), len(ACTIVITIES), m["hidden"], m["kernel"], m["dropout"])
    opt = torch.optim.Adam(model.parameters(), lr=cfg["train"]["lr"])
    crit = nn.CrossEntropyLoss()

    for epoch in range(cfg["train"]["epochs"]):
        model.train()
        losses = []
        for xb, yb in train_dl:
            opt.zero_grad()
            loss = crit(model(xb), yb)
            loss.backward()
            opt.step()
            losses.append(loss.item())
        model.eval()
        correct = 0
        with torch.no_grad():
            for xb, yb in val_dl:
                correct += (model(xb).argmax(1) == yb).sum().item()
        print(f"[epoch {epoch}] loss={np.mean(losses):.4f} val_acc={correct / len(val_ds):.3f}")


if __name__ == "__main__":
    main()
