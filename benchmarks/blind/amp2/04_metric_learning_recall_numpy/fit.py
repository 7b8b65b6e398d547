"""Train an embedding net with a proxy-anchor-ish loss and report Recall@K every epoch.

    python fit.py --max-epochs 2 --precision bf16-mixed
"""
import argparse

import torch

from litlite import MiniTrainer
from retrieval.module import RetrievalModule
from retrieval.data import make_dataloaders


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-epochs", type=int, default=2)
    ap.add_argument("--precision", default="bf16-mixed", choices=["32", "bf16-mixed"])
    ap.add_argument("--embed-dim", type=int, default=64)
    args = ap.parse_args()
    torch.manual_seed(7)
    train_dl, val_dl = make_dataloaders()
    module = RetrievalModule(n_classes=20, embed_dim=args.embed_dim)
    trainer = MiniTrainer(max_epochs=args.max_epochs, precision=args.precision)
    trainer.fit(module, train_dl, val_dl)


if __name__ == "__main__":
    main()
