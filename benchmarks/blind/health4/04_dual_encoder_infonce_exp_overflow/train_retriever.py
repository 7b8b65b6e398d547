import argparse

import torch

from retrieval.corpus import build_synthetic_qd
from retrieval.encoders import DualEncoder
from retrieval.trainer import Trainer


def parse():
    ap = argparse.ArgumentParser(description="train a query/document dual encoder")
    ap.add_argument("--vocab", type=int, default=2000)
    ap.add_argument("--dim", type=int, default=128)
    ap.add_argument("--temperature", type=float, default=0.07)
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--bs", type=int, default=128)
    ap.add_argument("--lr", type=float, default=1e-3)
    return ap.parse_args()


if __name__ == "__main__":
    args = parse()
    torch.manual_seed(0)
    train_set = build_synthetic_qd(n_pairs=4096, vocab=args.vocab, seed=1)
    model = DualEncoder(args.vocab, args.dim)
    Trainer(model, train_set, args).train()
