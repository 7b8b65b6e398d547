import argparse
import os

import torch

from simclr.augment import TwoViews, build_train_transform
from simclr.data import build_pretrain_loader, make_textures
from simclr.model import SimCLR, SmallConvNet, nt_xent


def parse():
    p = argparse.ArgumentParser("SimCLR pretraining on synthetic textures")
    p.add_argument("--n-images", type=int, default=512)
    p.add_argument("--image-size", type=int, default=24)
    p.add_argument("--batch-size", type=int, default=64)
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--temperature", type=float, default=0.2)
    p.add_argument("--width", type=int, default=16)
    p.add_argument("--feat-dim", type=int, default=64)
    p.add_argument("--proj-dim", type=int, default=32)
    p.add_argument("--crop-min", type=float, default=0.4)
    p.add_argument("--hflip", type=int, default=1)
    p.add_argument("--color-jitter", type=float, default=0.4)
    p.add_argument("--noise-std", type=float, default=0.02)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--mp-context", default="spawn")
    p.add_argument("--amp", action="store_true")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--save", default="checkpoints/simclr_encoder.pt")
    return p.parse_args()


def main():
    args = parse()
    torch.manual_seed(args.seed)
    images, _ = make_textures(args.n_images, args.image_size, seed=args.seed)
    transform = TwoViews(build_train_transform(args))
    loader = build_pretrain_loader(images, transform, args.batch_size, args.workers, args.mp_context)

    model = SimCLR(SmallConvNet(args.width, args.feat_dim), args.proj_dim)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    for epoch in range(args.epochs):
        model.train()
        total = 0.0
        for v1, v2 in loader:
            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=args.amp):
                z1, z2 = model(v1), model(v2)
            loss = nt_xent(z1.float(), z2.float(), args.temperature)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item()
        print(f"epoch {epoch}: nt-xent {total / len(loader):.4f}")
    os.makedirs(os.path.dirname(args.save), exist_ok=True)
    torch.save(model.encoder.state_dict(), args.save)


if __name__ == "__main__":
    main()
