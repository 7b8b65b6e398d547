"""Solubility-style regression from 256-bit substructure fingerprints."""
import argparse
import torch

from molprop.featurize import synthetic_fingerprints
from molprop.models.fpnet import FingerprintRegressor
from molprop.train_loop import run_training

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--batch-size", type=int, default=64)
    ap.add_argument("--freeze-encoder", action="store_true", help="keep the fingerprint encoder fixed")
    args = ap.parse_args()
    torch.manual_seed(0)
    X, y = synthetic_fingerprints(n=6000, n_bits=256)
    model = FingerprintRegressor(n_bits=256, emb_dim=16, freeze_encoder=args.freeze_encoder)
    run_training(model, X, y, args)
