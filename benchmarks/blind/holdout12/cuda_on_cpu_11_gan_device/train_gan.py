import os

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from gan.config import GANConfig
from gan.data import ring_of_gaussians
from gan.networks import Discriminator, Generator

HERE = os.path.dirname(os.path.abspath(__file__))


def main(cfg: GANConfig):
    torch.manual_seed(cfg.seed)
    device = cfg.device
    loader = DataLoader(ring_of_gaussians(cfg.n_samples, cfg.n_modes, seed=cfg.seed),
                        batch_size=cfg.batch_size, shuffle=True, drop_last=True)

    G = Generator(cfg.latent_dim, cfg.hidden, cfg.data_dim).to(device)
    D = Discriminator(cfg.data_dim, cfg.hidden).to(device)
    opt_g = torch.optim.Adam(G.parameters(), lr=cfg.lr_g, betas=cfg.betas)
    opt_d = torch.optim.Adam(D.parameters(), lr=cfg.lr_d, betas=cfg.betas)
    bce = nn.BCEWithLogitsLoss()
    fixed_z = torch.randn(512, cfg.latent_dim, device=device)

    for epoch in range(cfg.epochs):
        for i, (real,) in enumerate(loader):
            real = real.to(device)
            b = real.size(0)
            ones = torch.ones(b, 1, device=device)
            zeros = torch.zeros(b, 1, device=device)

            z = torch.randn(b, cfg.latent_dim, device=device)
            fake = G(z)
            d_loss = bce(D(real), ones) + bce(D(fake.detach()), zeros)
            opt_d.zero_grad()
            d_loss.backward()
            opt_d.step()

            g_loss = bce(D(fake), ones)
            opt_g.zero_grad()
            g_loss.backward()
            opt_g.step()

            if i % 20 == 0:
                print(f"epoch {epoch} it {i:3d}  D {d_loss.item():.3f}  G {g_loss.item():.3f}")

        out_dir = os.path.join(HERE, cfg.out_dir)
        os.makedirs(out_dir, exist_ok=True)
        with torch.no_grad():
            samples = G(fixed_z).cpu()
        torch.save(samples, os.path.join(out_dir, f"epoch_{epoch:03d}.pt"))
        print(f"epoch {epoch}: sample radius {samples.norm(dim=1).mean():.3f}")


if __name__ == "__main__":
    main(GANConfig())
