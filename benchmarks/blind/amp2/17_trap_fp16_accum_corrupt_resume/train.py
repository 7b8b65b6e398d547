"""Toy topic classifier trained with fp16 autocast + GradScaler and gradient accumulation.

    python train.py --accum 4 --steps 60                      # fresh run
    python train.py --accum 4 --steps 60 --resume checkpoints/last.pt
"""
import argparse

import torch

from textcls.data import make_corpus
from textcls.engine.loop import train
from textcls.engine.ckpt import load_verified
from textcls.models.bow_transformer import TinyTransformer


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=60, help="optimizer steps in total")
    ap.add_argument("--accum", type=int, default=4)
    ap.add_argument("--micro-bs", type=int, default=8)
    ap.add_argument("--resume", default=None)
    ap.add_argument("--save", default="checkpoints/last.pt")
    args = ap.parse_args()

    torch.manual_seed(0)
    tokens, labels = make_corpus()
    model = TinyTransformer(vocab=200, n_classes=4)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=1e-3, total_steps=args.steps)
    scaler = torch.amp.GradScaler("cpu")
    start = 0
    if args.resume:
        start = load_verified(args.resume, model, opt, sched, scaler)
        print(f"resumed from step {start}")
    train(model, opt, sched, scaler, tokens, labels, start, args)


if __name__ == "__main__":
    main()
