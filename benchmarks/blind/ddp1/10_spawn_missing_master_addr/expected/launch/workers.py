import os

import torch.distributed as dist
import torch.multiprocessing as mp


def _entry(rank, world_size, fn, fn_args):
    dist.init_process_group("gloo", rank=rank, world_size=world_size)
    try:
        fn(rank, world_size, *fn_args)
    finally:
        dist.destroy_process_group()


def launch(fn, nprocs, *fn_args):
    os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
    os.environ.setdefault("MASTER_PORT", "29517")
    mp.spawn(_entry, args=(nprocs, fn, fn_args), nprocs=nprocs, join=True)
