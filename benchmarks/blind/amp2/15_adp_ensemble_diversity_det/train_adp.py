"""Adaptive Diversity Promoting (ADP) regulariser for an ensemble of small classifiers.

    python train_adp.py --members 3 --epochs 2 --amp
"""
import argparse
import time

import torch

from adp.data import gaussian_mixture_classification
from adp.losses.adp import ADPLoss
from adp.models.ensemble import Ensemble


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--members", type=int, default=3)
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--alpha", type=float, default=2.0, help="ensemble entropy weight")
    ap.add_argument("--beta", type=float, default=0.5, help="log-det diversity weight")
    ap.add_argument("--amp", action="store_true")
    args = ap.parse_args()

    torch.manual_seed(0)
    (xtr, ytr), (xte, yte) = gaussian_mixture_classification()
    ens = Ensemble(n_members=args.members, d_in=xtr.shape[1], n_classes=10)
    crit = ADPLoss(n_classes=10, alpha=args.alpha, beta=args.beta)
    opt = torch.optim.Adam(ens.parameters(), lr=1e-3)

    for epoch in range(args.epochs):
        t0 = time.time()
        perm = torch.randperm(len(xtr))
        for i in range(0, len(xtr), 64):
            b = perm[i:i + 64]
            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=args.amp):
                probs = ens(xtr[b])                  # [M, B, C]
                loss, parts = crit(probs, ytr[b])
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad(), torch.autocast("cpu", dtype=torch.bfloat16, enabled=args.amp):
            acc = (ens(xte).mean(0).argmax(1) == yte).float().mean().item()
        print(f"epoch {epoch}: ce {parts['ce']:.3f} ee {parts['ee']:.3f} logdet {parts['logdet']:.2f} "
              f"acc {acc:.3f} ({time.time() - t0:.1f}s)")


if __name__ == "__main__":
    main()
