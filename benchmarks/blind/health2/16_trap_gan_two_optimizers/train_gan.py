import argparse

import torch

from gan.data import RingOfGaussians
from gan.models import Generator, Discriminator
from gan.steps import discriminator_step, generator_step, mode_distance


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=20)
    ap.add_argument("--iters", type=int, default=60)
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--z-dim", type=int, default=8)
    ap.add_argument("--lr-g", type=float, default=1e-3)
    ap.add_argument("--lr-d", type=float, default=1e-3)
    args = ap.parse_args()

    torch.manual_seed(0)
    data = RingOfGaussians(n_modes=8, radius=2.0, std=0.05)
    G = Generator(args.z_dim, hidden=64)
    D = Discriminator(hidden=64)
    opt_g = torch.optim.Adam(G.parameters(), lr=args.lr_g, betas=(0.5, 0.999))
    opt_d = torch.optim.Adam(D.parameters(), lr=args.lr_d, betas=(0.5, 0.999))

    fixed_z = torch.randn(1000, args.z_dim)
    print(f"init  dist_to_modes {mode_distance(G, fixed_z, data.centers):.4f}")
    for epoch in range(1, args.epochs + 1):
        d_sum = g_sum = 0.0
        for _ in range(args.iters):
            real = data.sample(args.batch)
            z = torch.randn(args.batch, args.z_dim)
            d_sum += discriminator_step(D, G, opt_d, real, z)
            z = torch.randn(args.batch, args.z_dim)
            g_sum += generator_step(D, G, opt_g, z)
        dist = mode_distance(G, fixed_z, data.centers)
        print(f"epoch {epoch:2d}  loss_D {d_sum / args.iters:.4f}  loss_G {g_sum / args.iters:.4f}  "
              f"dist_to_modes {dist:.4f}")


if __name__ == "__main__":
    main()
