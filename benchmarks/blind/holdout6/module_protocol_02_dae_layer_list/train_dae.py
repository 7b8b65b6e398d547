import argparse
import os

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from models import get_model, list_models
from utils.corruption import corrupt, roc_auc
from utils.sensors import make_sensor_data, split_normal


def parse_args():
    p = argparse.ArgumentParser("denoising AE anomaly detector")
    p.add_argument("--model", default="dae", choices=list_models())
    p.add_argument("--hidden", type=int, nargs="+", default=[64, 32])
    p.add_argument("--bottleneck", type=int, default=8)
    p.add_argument("--no-bn", action="store_true")
    p.add_argument("--noise", default="gaussian", choices=["gaussian", "masking", "saltpepper"])
    p.add_argument("--noise-level", type=float, default=0.1)
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--bs", type=int, default=64)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--wd", type=float, default=1e-5)
    p.add_argument("--cosine", action="store_true")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--ckpt-dir", default="ckpt")
    return p.parse_args()


def main():
    args = parse_args()
    torch.manual_seed(args.seed)
    normal, anomal = make_sensor_data()
    train_ds, val_normal = split_normal(normal)
    loader = DataLoader(train_ds, batch_size=args.bs, shuffle=True, drop_last=True)

    model = get_model(args.model, in_dim=normal.shape[1], hidden=tuple(args.hidden),
                      bottleneck=args.bottleneck, batchnorm=not args.no_bn)
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr, weight_decay=args.wd)
    scheduler = (torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, args.epochs * len(loader))
                 if args.cosine else None)

    for epoch in range(args.epochs):
        model.train()
        tot = 0.0
        for (x,) in loader:
            recon = model(corrupt(x, args.noise, args.noise_level))
            loss = F.mse_loss(recon, x)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            if scheduler is not None:
                scheduler.step()
            tot += loss.item()
        model.eval()
        auc = roc_auc(model.anomaly_score(torch.from_numpy(anomal)), model.anomaly_score(val_normal))
        print(f"epoch {epoch}: recon {tot / len(loader):.4f}  val AUROC {auc:.3f}")

    os.makedirs(args.ckpt_dir, exist_ok=True)
    torch.save(model.state_dict(), os.path.join(args.ckpt_dir, f"{args.model}.pt"))


if __name__ == "__main__":
    main()
