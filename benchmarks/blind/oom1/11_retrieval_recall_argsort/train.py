import argparse

import torch

from retrieval.data import paired_views
from retrieval.encoder import Encoder
from retrieval.loop import fit


def cli():
    p = argparse.ArgumentParser(description="InfoNCE on two noisy views, report recall@1/5 on a gallery")
    p.add_argument("--n-train", type=int, default=2048)
    p.add_argument("--n-gallery", type=int, default=12000)
    p.add_argument("--dim-in", type=int, default=48)
    p.add_argument("--dim-emb", type=int, default=32)
    p.add_argument("--batch-size", type=int, default=256)
    p.add_argument("--epochs", type=int, default=1)
    p.add_argument("--temperature", type=float, default=0.1)
    return p.parse_args()


if __name__ == "__main__":
    args = cli()
    torch.manual_seed(0)
    train_a, train_b = paired_views(args.n_train, args.dim_in, seed=0)
    gal_a, gal_b = paired_views(args.n_gallery, args.dim_in, seed=1)
    enc = Encoder(args.dim_in, args.dim_emb)
    fit(enc, (train_a, train_b), (gal_a, gal_b), args)
