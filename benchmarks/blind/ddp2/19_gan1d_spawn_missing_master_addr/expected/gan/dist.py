import os

import torch.distributed as dist


def setup(rank, world_size):
    # spawned workers have no launcher: provide the rendezvous address ourselves
    os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
    os.environ.setdefault("MASTER_PORT", "29653")
    dist.init_process_group("gloo", init_method="env://", rank=rank, world_size=world_size)


def cleanup():
    dist.destroy_process_group()
