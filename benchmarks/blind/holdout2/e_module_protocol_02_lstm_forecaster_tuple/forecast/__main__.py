"""python -m forecast --epochs 3"""
import argparse
from pathlib import Path

import torch
from torch.utils.data import DataLoader

from .nets import LSTMForecaster
from .series import WindowDataset, synthetic_load_curve


def get_args():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=8)
    p.add_argument("--lookback", type=int, default=48)
    p.add_argument("--horizon", type=int, default=12)
    p.add_argument("--hidden", type=int, default=32)
    p.add_argument("--batch-size", type=int, default=64)
    p.add_argument("--lr", type=float, default=3e-3)
    p.add_argument("--out", type=Path, default=Path("checkpoints"))
    return p.parse_args()


def main():
    args = get_args()
    torch.manual_seed(0)
    series = synthetic_load_curve(24 * 28)
    cut = int(0.8 * len(series))
    train_ds = WindowDataset(series[:cut], args.lookback, args.horizon)
    val_ds = WindowDataset(series[cut:], args.lookback, args.horizon)
    train_dl = DataLoader(train_ds, batch_size=args.batch_size, shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=args.batch_size)

    model = LSTMForecaster(series.shape[1], args.hidden, args.horizon)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=args.epochs)
    loss_fn = torch.nn.SmoothL1Loss()
    args.out.mkdir(exist_ok=True)
    best = float("inf")

    for epoch in range(args.epochs):
        model.train()
        for past, future in train_dl:
            opt.zero_grad()
            loss = loss_fn(model(past), future)
            loss.backward()
            opt.step()
        sched.step()
        model.eval()
        with torch.no_grad():
            mae = torch.cat([(model(p) - f).abs().mean(1) for p, f in val_dl]).mean().item()
        print(f"epoch {epoch} train {loss.item():.4f} val MAE {mae:.4f} lr {sched.get_last_lr()[0]:.2e}")
        if mae < best:
            best = mae
            torch.save({"epoch": epoch, "model": model.state_dict()}, args.out / "best.pt")


if __name__ == "__main__":
    main()
