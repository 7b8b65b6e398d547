import json
import sys

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

from losses import compute_loss

EXPERIMENT = {
    "name": "gesture-imu-baseline",
    "loss": "ce",
    "label_smoothing": 0.0,
    "n_windows": 384,
    "window": 64,
    "channels": 6,          # accel xyz + gyro xyz
    "n_gestures": 5,
    "batch_size": 32,
    "epochs": 3,
    "lr": 2e-3,
}


def imu_windows(cfg, seed=0):
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, cfg["n_gestures"], (cfg["n_windows"],), generator=g)
    t = torch.linspace(0, 1, cfg["window"])
    signal = torch.sin(2 * torch.pi * (y.float() + 1).view(-1, 1, 1) * t)
    x = signal.repeat(1, cfg["channels"], 1) + 0.3 * torch.randn(cfg["n_windows"], cfg["channels"], cfg["window"], generator=g)
    return TensorDataset(x, y)


def build_model(cfg):
    return nn.Sequential(
        nn.Conv1d(cfg["channels"], 32, 5, padding=2), nn.ReLU(),
        nn.Conv1d(32, 32, 5, padding=2), nn.ReLU(),
        nn.AdaptiveMaxPool1d(1), nn.Flatten(),
        nn.Linear(32, cfg["n_gestures"]),
    )


def main(cfg):
    torch.manual_seed(0)
    loader = DataLoader(imu_windows(cfg), batch_size=cfg["batch_size"], shuffle=True)
    model = build_model(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    log = []
    for epoch in range(cfg["epochs"]):
        for step, (x, y) in enumerate(loader):
            logits = model(x)
            loss = compute_loss(logits, y, cfg["loss"], cfg["label_smoothing"])
            opt.zero_grad()
            loss.backward()
            opt.step()
            log.append({"epoch": epoch, "step": step, "loss": round(loss.item(), 5)})
        print(json.dumps(log[-1]))
    with open(f"{cfg['name']}.log.json", "w") as f:
        json.dump(log, f)


if __name__ == "__main__":
    main(EXPERIMENT)
