import argparse
import json

import torch

from vae.data import make_loaders
from vae.model import VAE
from vae.trainer import VAETrainer


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="config.json")
    ap.add_argument("--epochs", type=int)
    args = ap.parse_args()
    with open(args.config) as f:
        cfg = json.load(f)
    epochs = args.epochs or cfg["epochs"]

    torch.manual_seed(cfg["data"]["seed"])
    train_loader, val_loader = make_loaders(cfg["data"], cfg["optim"]["batch_size"])
    model = VAE(cfg["data"]["dim"], cfg["model"]["hidden"], cfg["model"]["latent"])
    trainer = VAETrainer(model, cfg["optim"]["lr"], cfg["loss_weights"])
    for epoch in range(1, epochs + 1):
        stats = trainer.train_epoch(train_loader)
        val_rec = trainer.evaluate(val_loader)
        print(f"epoch {epoch:3d}  loss {stats['loss']:.4f}  recon {stats['recon']:.4f}  kl {stats['kl']:.4f}  val_recon {val_rec:.4f}")


if __name__ == "__main__":
    main()
