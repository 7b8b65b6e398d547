import argparse
import gc
import os

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
from torch.nn.parallel import DistributedDataParallel as DDP

from vae.model import VAE
from vae.sprites import make_sprites
from vae.trainer import Trainer


def worker(rank, world_size, args):
    os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
    os.environ.setdefault("MASTER_PORT", "29547")
    dist.init_process_group("gloo", rank=rank, world_size=world_size)
    torch.manual_seed(0)  # same init on every rank
    model = DDP(VAE())
    data = make_sprites()
    Trainer(model, data, rank, world_size, args.epochs, args.batch_size, args.lr).fit()
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--world-size", type=int, default=2)
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--batch-size", type=int, default=64)
    p.add_argument("--lr", type=float, default=1e-3)
    args = p.parse_args()
    mp.spawn(worker, args=(args.world_size, args), nprocs=args.world_size, join=True)
    gc.collect()
