"""bf16 autocast training of a 1D-CNN activity recogniser on pre-extracted IMU windows.

data/ holds the shards exported by the data team (accel+gyro, 6 channels, 128 samples @ 50 Hz).
"""
import argparse
import glob

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


def load_shards(pattern):
    xs, ys = [], []
    for path in sorted(glob.glob(pattern)):
        with np.load(path) as z:
            xs.append(z["x"])
            ys.append(z["y"])
        print(f"loaded {path}: {len(ys[-1])} windows")
    return torch.from_numpy(np.concatenate(xs)).float(), torch.from_numpy(np.concatenate(ys)).long()


class HARNet(nn.Module):
    def __init__(self, n_classes=6):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv1d(6, 32, 5, padding=2), nn.ReLU(), nn.MaxPool1d(2),
            nn.Conv1d(32, 64, 5, padding=2), nn.ReLU(), nn.AdaptiveAvgPool1d(1), nn.Flatten(),
            nn.Linear(64, n_classes))

    def forward(self, x):
        return self.net(x)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--shards", default="data/imu_windows_*.npz")
    ap.add_argument("--epochs", type=int, default=2)
    args = ap.parse_args()
    torch.manual_seed(0)
    x, y = load_shards(args.shards)
    model = HARNet()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for ep in range(args.epochs):
        perm = torch.randperm(len(y))
        for i in range(0, len(y), 64):
            idx = perm[i:i + 64]
            with torch.autocast("cpu", dtype=torch.bfloat16):
                loss = F.cross_entropy(model(x[idx]), y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {ep} loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
