import argparse
import torch

from denoise.signals import make_ecg_like
from denoise.models.conv_ae import ConvAE
from denoise.losses.combined import ReconTVLoss
from denoise.trainer import DenoiseTrainer

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--tv-weight", type=float, default=0.05)
    ap.add_argument("--lr", type=float, default=2e-3)
    args = ap.parse_args()
    torch.manual_seed(0)
    clean, noisy = make_ecg_like(n=1024, length=256)
    trainer = DenoiseTrainer(ConvAE(), ReconTVLoss(tv_weight=args.tv_weight), lr=args.lr)
    trainer.fit(noisy, clean, epochs=args.epochs, batch_size=32)
