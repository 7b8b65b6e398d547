import argparse
import gc
import os

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

from textclf.data import build_loader
from textclf.engine import train_one_epoch
from textclf.models import BagClassifier


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--lr", type=float, default=3e-3)
    p.add_argument("--n-train", type=int, default=1024)
    return p.parse_args()


def main():
    args = parse_args()
    dist.init_process_group("gloo")
    rank, world = dist.get_rank(), dist.get_world_size()
    torch.manual_seed(0)

    model = BagClassifier(vocab_size=500, embed_dim=32, hidden_dim=64, num_classes=4)
    model = DDP(model)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr)
    loader, sampler = build_loader(args.n_train, args.batch_size, world, rank)

    for epoch in range(args.epochs):
        sampler.set_epoch(epoch)
        avg = train_one_epoch(model, loader, opt, epoch, rank)
        if rank == 0:
            print(f"epoch {epoch} mean loss {avg:.4f}", flush=True)
    dist.barrier()


if __name__ == "__main__":
    main()
    dist.destroy_process_group()
    gc.collect()
