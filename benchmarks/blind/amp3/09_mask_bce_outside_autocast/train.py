import argparse

import torch

from src.trainer import Trainer


def synth_batch(bs, size, g):
    target = torch.rand(bs, 3, size, size, generator=g) * 2 - 1
    mask = torch.zeros(bs, 1, size, size)
    for b in range(bs):
        y0, x0 = torch.randint(0, size // 2, (2,), generator=g).tolist()
        mask[b, :, y0:y0 + size // 3, x0:x0 + size // 2] = 1.0
    wm_color = torch.rand(bs, 3, 1, 1, generator=g)
    img = target * (1 - 0.6 * mask) + 0.6 * mask * wm_color
    return img, target, mask


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--amp", default="bf16", choices=["none", "bf16"])
    p.add_argument("--iters", type=int, default=6)
    p.add_argument("--bs", type=int, default=8)
    p.add_argument("--size", type=int, default=32)
    p.add_argument("--width", type=int, default=24)
    p.add_argument("--lr", type=float, default=1e-3)
    args = p.parse_args()
    torch.manual_seed(0)
    g = torch.Generator().manual_seed(0)
    trainer = Trainer(args)
    for it in range(args.iters):
        loss = trainer.train_step(*synth_batch(args.bs, args.size, g))
        if it % 2 == 0:
            print(f"iter {it} loss {loss:.4f}")
