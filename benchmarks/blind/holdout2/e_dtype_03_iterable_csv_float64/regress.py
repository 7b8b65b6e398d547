import argparse

import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.data import DataLoader

from prep import COLUMNS, column_stats, write_housing_csv
from stream import CSVRowStream


def build(n_in, widths=(64, 64)):
    mods, d = [], n_in
    for w in widths:
        mods += [nn.Linear(d, w), nn.Tanh()]
        d = w
    return nn.Sequential(*mods, nn.Linear(d, 1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=5)
    ap.add_argument("--bs", type=int, default=32)
    ap.add_argument("--workers", type=int, default=0)
    args = ap.parse_args()
    torch.manual_seed(0)

    path = write_housing_csv()
    mean, std = column_stats(path)
    train = DataLoader(CSVRowStream(path, mean, std, rows=(0, 500)), batch_size=args.bs, num_workers=args.workers)
    val = DataLoader(CSVRowStream(path, mean, std, rows=(500, 600)), batch_size=100)

    net = build(len(COLUMNS) - 1)
    opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9, nesterov=True)
    for ep in range(args.epochs):
        net.train()
        for it, (x, y) in enumerate(train):
            loss = F.mse_loss(net(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        net.eval()
        with torch.no_grad():
            rmse = torch.sqrt(sum(F.mse_loss(net(x), y, reduction="sum") for x, y in val) / 100)
        print(f"ep {ep} iters {it + 1} train_mse {loss.item():.4f} val_rmse(std units) {rmse.item():.4f}")


if __name__ == "__main__":
    main()
