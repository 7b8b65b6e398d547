import argparse

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from nets.autoencoder import DenseAutoencoder
from sensors import make_sensor_snapshots
from utils.meters import AverageMeter
from utils.seed import seed_everything


def parse():
    p = argparse.ArgumentParser("sensor autoencoder")
    p.add_argument("--dims", type=int, nargs="+", default=[32, 64, 16, 4])
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--bs", type=int, default=64)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--seed", type=int, default=42)
    return p.parse_args()


def main():
    args = parse()
    seed_everything(args.seed)
    train_ds, val_ds = make_sensor_snapshots(n_sensors=args.dims[0])
    train_loader = DataLoader(train_ds, batch_size=args.bs, shuffle=True)
    val_loader = DataLoader(val_ds, batch_size=args.bs)

    model = DenseAutoencoder(args.dims)
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)

    for epoch in range(args.epochs):
        model.train()
        train_meter = AverageMeter("train_recon")
        for (x,) in train_loader:
            recon = model(x)
            loss = F.mse_loss(recon, x)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            train_meter.update(loss.item(), len(x))
        model.eval()
        val_meter = AverageMeter("val_recon")
        with torch.no_grad():
            for (x,) in val_loader:
                val_meter.update(F.mse_loss(model(x), x).item(), len(x))
        print(f"epoch {epoch + 1}: {train_meter} | {val_meter}")


if __name__ == "__main__":
    main()
