import argparse

import torch
from torch.utils.data import DataLoader

from forecast.loops import evaluate, train_epoch
from forecast.model import TemporalConvNet
from forecast.series import make_sensor_windows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--batch-size", type=int, default=64)
    ap.add_argument("--lr", type=float, default=3e-3)
    args = ap.parse_args()

    torch.manual_seed(0)
    train_set = make_sensor_windows(384, seed=0)
    val_set = make_sensor_windows(1536, seed=1)
    train_loader = DataLoader(train_set, batch_size=args.batch_size, shuffle=True)
    val_loader = DataLoader(val_set, batch_size=args.batch_size * 2)

    model = TemporalConvNet()
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    for epoch in range(args.epochs):
        train_loss = train_epoch(model, train_loader, optimizer)
        val_mse, val_mae = evaluate(model, val_loader)
        print(f"epoch {epoch}: train {train_loss:.4f} val mse {val_mse:.4f} mae {val_mae:.4f}")


if __name__ == "__main__":
    main()
