import os

import torch.distributed as dist


def init_distributed():
    dist.init_process_group(backend="gloo")
    rank = dist.get_rank()
    world_size = dist.get_world_size()
    local_rank = int(os.environ.get("LOCAL_RANK", 0))
    return rank, world_size, local_rank


def is_main():
    return not dist.is_initialized() or dist.get_rank() == 0


def cleanup():
    if dist.is_initialized():
        dist.destroy_process_group()
