#!/usr/bin/env python
"""Churn prediction on a synthetic customer table, bf16 autocast, per-epoch checkpoints.

    python train.py --epochs 3 --out runs/churn
"""
import argparse
import os

import torch
import torch.nn.functional as F

from churn.data import load_table
from churn.models.ft_mlp import ChurnNet
from churn.utils.checkpoint import save_checkpoint
from churn.utils.meters import AverageMeter

p = argparse.ArgumentParser()
p.add_argument("--epochs", type=int, default=3)
p.add_argument("--out", default="runs/churn")
p.add_argument("--lr", type=float, default=1e-3)
p.add_argument("--bs", type=int, default=128)
args = p.parse_args()
os.makedirs(args.out, exist_ok=True)

torch.manual_seed(0)
(xc_tr, xn_tr, y_tr), (xc_va, xn_va, y_va), cards = load_table()
model = ChurnNet(cards, n_num=xn_tr.shape[1])
opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-5)

best = 0.0
for epoch in range(args.epochs):
    model.train()
    meter = AverageMeter()
    perm = torch.randperm(len(y_tr))
    for i in range(0, len(perm), args.bs):
        b = perm[i:i + args.bs]
        with torch.autocast("cpu", dtype=torch.bfloat16):
            logit = model(xc_tr[b], xn_tr[b])
            loss = F.binary_cross_entropy_with_logits(logit, y_tr[b])
        opt.zero_grad()
        loss.backward()
        opt.step()
        meter.update(loss.item(), len(b))

    model.eval()
    with torch.no_grad(), torch.autocast("cpu", dtype=torch.bfloat16):
        acc = ((model(xc_va, xn_va) > 0).float() == y_va).float().mean().item()
    print(f"epoch {epoch}: loss {meter.avg:.4f}  val acc {acc:.4f}")
    if acc > best:
        best = acc
        save_checkpoint(model, opt, epoch, os.path.join(args.out, "best.pt"))
print(f"best val acc {best:.4f}")
