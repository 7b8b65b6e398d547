import argparse
import os

import torch
from torch.utils.data import DataLoader

from gan.nets import Discriminator, Generator
from gan.toy_data import ring_of_gaussians
from gan.trainer import GANTrainer


def parse():
    p = argparse.ArgumentParser("vanilla GAN on the 8-gaussians ring")
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--batch-size", type=int, default=64)
    p.add_argument("--z-dim", type=int, default=8)
    p.add_argument("--lr-g", type=float, default=1e-3)
    p.add_argument("--lr-d", type=float, default=1e-3)
    p.add_argument("--n", type=int, default=4096)
    p.add_argument("--out-dir", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "snapshots"))
    return p.parse_args()


if __name__ == "__main__":
    cfg = parse()
    torch.manual_seed(0)
    dataset, centers = ring_of_gaussians(cfg.n)
    loader = DataLoader(dataset, batch_size=cfg.batch_size, shuffle=True, drop_last=True)
    trainer = GANTrainer(Generator(cfg.z_dim), Discriminator(), loader, centers, cfg)
    trainer.train(cfg.epochs)
    torch.save({"G": trainer.G.state_dict(), "D": trainer.D.state_dict()},
               os.path.join(cfg.out_dir, "gan_final.pt"))
