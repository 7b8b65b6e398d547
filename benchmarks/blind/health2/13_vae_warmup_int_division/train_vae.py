import argparse

import torch

from vae.data import swiss_roll_loader
from vae.model import VAE
from vae.losses import elbo_loss
from vae.schedule import warmup_cosine


def parse():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=40)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--warmup-steps", type=int, default=100)
    ap.add_argument("--latent", type=int, default=2)
    ap.add_argument("--beta", type=float, default=1.0)
    return ap.parse_args()


def main():
    args = parse()
    torch.manual_seed(0)
    loader = swiss_roll_loader(n=1600, dim=16, batch_size=64)
    model = VAE(in_dim=16, hidden=64, latent=args.latent)
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    total_steps = args.epochs * len(loader)
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, warmup_cosine(args.warmup_steps, total_steps))

    for epoch in range(1, args.epochs + 1):
        model.train()
        sum_loss = sum_rec = sum_kl = 0.0
        for (x,) in loader:
            recon, mu, logvar = model(x)
            loss, rec, kl = elbo_loss(recon, x, mu, logvar, beta=args.beta)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            scheduler.step()
            sum_loss += loss.item()
            sum_rec += rec.item()
            sum_kl += kl.item()
        nb = len(loader)
        print(f"Epoch {epoch:3d} | loss {sum_loss / nb:8.4f} | recon {sum_rec / nb:8.4f} | kl {sum_kl / nb:7.4f}")


if __name__ == "__main__":
    main()
