"""Contrastive pre-training with the alignment/uniformity objective (Wang & Isola, 2020).

    python train.py --epochs 2 --amp
"""
import argparse
import time

import torch
import torch.nn.functional as F

from ssl_toy.data import make_loader
from ssl_toy.models import Encoder
from ssl_toy.losses import align_loss, uniform_loss


def parse():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--batch-size", type=int, default=128)
    p.add_argument("--lr", type=float, default=3e-3)
    p.add_argument("--feat-dim", type=int, default=32)
    p.add_argument("--unif-w", type=float, default=1.0)
    p.add_argument("--amp", action="store_true", help="bf16 autocast")
    return p.parse_args()


def main():
    args = parse()
    torch.manual_seed(0)
    loader = make_loader(batch_size=args.batch_size)
    model = Encoder(in_dim=48, feat_dim=args.feat_dim)
    opt = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9)

    for epoch in range(args.epochs):
        t0 = time.time()
        tot_a = tot_u = 0.0
        for x1, x2 in loader:
            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=args.amp):
                z1 = F.normalize(model(x1), dim=1)
                z2 = F.normalize(model(x2), dim=1)
                la = align_loss(z1, z2, alpha=2)
                lu = (uniform_loss(z1, t=2) + uniform_loss(z2, t=2)) / 2
                loss = la + args.unif_w * lu
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            tot_a += la.item()
            tot_u += lu.item()
        n = len(loader)
        print(f"epoch {epoch}: align {tot_a / n:.4f}  uniform {tot_u / n:.4f}  ({time.time() - t0:.1f}s)")
    print("done")


if __name__ == "__main__":
    main()
