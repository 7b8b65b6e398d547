import os

import torch
import torch.distributed as dist


def init_worker(rank, world_size, port=29611):
    os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
    os.environ.setdefault("MASTER_PORT", str(port))
    dist.init_process_group(
        backend="nccl",
        init_method="env://",
        world_size=world_size,
        rank=rank,
    )
    device = torch.device(f"cuda:{rank}") if torch.cuda.is_available() else torch.device("cpu")
    return device


def cleanup():
    dist.barrier()
    dist.destroy_process_group()
