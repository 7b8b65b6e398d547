import argparse
import gc

import torch
import torch.distributed as dist
from torch.utils.data import TensorDataset

from engine.callbacks import ModelCheckpoint, PrintLogger
from engine.trainer import Trainer
from nets.tcn import TinyTCN


def fake_mels(n=768, n_mels=20, frames=40, n_classes=6, seed=0):
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, n_classes, (n,), generator=g)
    templates = torch.randn(n_classes, n_mels, 1, generator=g)
    t = torch.linspace(0, 1, frames)
    x = templates[y] * torch.sin(6.28 * (y[:, None, None] + 1) * t) + 0.5 * torch.randn(n, n_mels, frames, generator=g)
    return TensorDataset(x, y)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--ckpt-dir", default="ckpt")
    args = ap.parse_args()

    dist.init_process_group("gloo")
    torch.manual_seed(0)
    trainer = Trainer(TinyTCN(), fake_mels(), callbacks=[PrintLogger(), ModelCheckpoint(args.ckpt_dir)])
    trainer.fit(args.epochs)


if __name__ == "__main__":
    main()
    dist.destroy_process_group()
    gc.collect()
