import argparse

import torch
import torch.nn.functional as F

from denoise.data import make_loaders
from denoise.model import DenoisingAE
from denoise.sched import linear_warmup_cosine


def parse():
    p = argparse.ArgumentParser(description="1D denoising autoencoder")
    p.add_argument("--epochs", type=int, default=12)
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--lr", type=float, default=3e-3)
    p.add_argument("--warmup-steps", type=int, default=10)
    p.add_argument("--length", type=int, default=64)
    p.add_argument("--noise-std", type=float, default=0.4)
    p.add_argument("--seed", type=int, default=3)
    return p.parse_args()


def main():
    args = parse()
    torch.manual_seed(args.seed)
    train_loader, val_loader = make_loaders(512, 128, args.length, args.noise_std, args.batch_size, args.seed)
    model = DenoisingAE()
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    scheduler = linear_warmup_cosine(optimizer, args.warmup_steps, args.epochs * len(train_loader))

    for epoch in range(1, args.epochs + 1):
        model.train()
        running = 0.0
        for noisy, clean in train_loader:
            loss = F.mse_loss(model(noisy), clean)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            scheduler.step()
            running += loss.item()
        model.eval()
        with torch.no_grad():
            val = sum(F.mse_loss(model(n), c, reduction="sum").item() for n, c in val_loader) / (128 * args.length)
        print(f"epoch {epoch:2d}  train_mse {running / len(train_loader):.4f}  val_mse {val:.4f}  lr {scheduler.get_last_lr()[0]:.2e}")


if __name__ == "__main__":
    main()
