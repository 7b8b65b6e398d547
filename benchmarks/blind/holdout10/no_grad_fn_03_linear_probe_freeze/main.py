"""Self-supervised pretraining of a 1-D conv encoder, then a linear probe for activity recognition."""
import argparse
import os

import torch

from har.builder import build_probe_model
from har.data import simulate_windows
from har.models import AutoEncoder
from har.stages import PretrainStage, ProbeStage

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pretrain-epochs", type=int, default=2)
    ap.add_argument("--probe-epochs", type=int, default=2)
    ap.add_argument("--ckpt", default=os.path.join(HERE, "checkpoints", "dae_encoder.pt"))
    ap.add_argument("--full-finetune", action="store_true")
    args = ap.parse_args()
    torch.manual_seed(0)

    unlabelled = simulate_windows(768, seed=10, labelled=False)
    PretrainStage(AutoEncoder(width=32, out_dim=64), unlabelled).run(args.pretrain_epochs, args.ckpt)

    train_set = simulate_windows(320, seed=11)
    val_set = simulate_windows(256, seed=12)
    model = build_probe_model(args.ckpt, linear_probe=not args.full_finetune)
    ProbeStage(model, train_set, val_set).run(args.probe_epochs)


if __name__ == "__main__":
    main()
