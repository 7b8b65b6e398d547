"""Self-supervised pretraining of the HAR encoder (SimCLR-style)."""
import argparse

import torch
from torch.utils.data import DataLoader, TensorDataset

from har_ssl.data import accelerometer_windows
from har_ssl.augment import two_views
from har_ssl.encoder import ConvEncoder
from har_ssl.nt_xent import nt_xent


def train_one_epoch(model, loader, opt, temperature):
    model.train()
    tot, nb = 0.0, 0
    for (x,) in loader:
        v1, v2 = two_views(x)
        _, z1 = model(v1)
        _, z2 = model(v2)
        loss = nt_xent(z1, z2, temperature)
        opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
        opt.step()
        tot += loss.item(); nb += 1
    return tot / nb


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=3)
    p.add_argument("--bs", type=int, default=64)
    p.add_argument("--temperature", type=float, default=0.07)
    args = p.parse_args()
    torch.manual_seed(0)
    loader = DataLoader(TensorDataset(accelerometer_windows()), batch_size=args.bs, shuffle=True, drop_last=True)
    model = ConvEncoder()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for ep in range(args.epochs):
        print(f"[pretrain] epoch {ep + 1}/{args.epochs} nt_xent={train_one_epoch(model, loader, opt, args.temperature):.4f}")


if __name__ == "__main__":
    main()
