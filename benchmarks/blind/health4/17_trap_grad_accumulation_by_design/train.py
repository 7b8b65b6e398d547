"""Effective batch 256 on a small machine: micro-batches of 32, 8 accumulation steps."""
import argparse
import torch

from accum.data import polynomial_regression
from accum.model import Regressor
from accum.step import train_epoch

ap = argparse.ArgumentParser()
ap.add_argument("--micro-batch", type=int, default=32)
ap.add_argument("--accum-steps", type=int, default=8)
ap.add_argument("--epochs", type=int, default=6)
ap.add_argument("--lr", type=float, default=3e-3)
args = ap.parse_args()

torch.manual_seed(0)
loader = polynomial_regression(n=8192, batch_size=args.micro_batch)
model = Regressor()
optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
for epoch in range(args.epochs):
    loss = train_epoch(model, loader, optimizer, args.accum_steps)
    print(f"epoch {epoch}: loss={loss:.4f}")
