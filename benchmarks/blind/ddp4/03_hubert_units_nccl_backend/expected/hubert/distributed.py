import os

import torch
import torch.distributed as dist


def setup(rank, world_size, port="29541"):
    os.environ["MASTER_ADDR"] = "localhost"
    os.environ["MASTER_PORT"] = port
    dist.init_process_group(
        backend="nccl" if torch.cuda.is_available() else "gloo",
        init_method="env://",
        world_size=world_size,
        rank=rank,
    )


def cleanup():
    dist.barrier()
    dist.destroy_process_group()
