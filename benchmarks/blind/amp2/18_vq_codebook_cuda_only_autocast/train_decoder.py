"""Train a small decoder on top of a frozen, pre-trained VQ codebook.

    python train_decoder.py --epochs 2
"""
import argparse

import torch

from vqdec.engine.train_loop import fit
from vqdec.models.vq_autoencoder import VQAutoencoder

ap = argparse.ArgumentParser()
ap.add_argument("--epochs", type=int, default=2)
ap.add_argument("--codebook", default="assets/codebook_256x16.pt")
ap.add_argument("--lr", type=float, default=1e-3)
args = ap.parse_args()

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
torch.manual_seed(0)
model = VQAutoencoder(torch.load(args.codebook)).to(device)
fit(model, epochs=args.epochs, lr=args.lr, device=device)
