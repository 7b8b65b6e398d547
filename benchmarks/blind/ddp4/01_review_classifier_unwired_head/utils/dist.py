import os

import torch.distributed as dist


def init_distributed():
    rank = int(os.environ["RANK"])
    world_size = int(os.environ["WORLD_SIZE"])
    dist.init_process_group(backend="gloo", rank=rank, world_size=world_size)
    return rank, world_size


def is_main(rank):
    return rank == 0


def cleanup():
    if dist.is_initialized():
        dist.barrier()
        dist.destroy_process_group()
