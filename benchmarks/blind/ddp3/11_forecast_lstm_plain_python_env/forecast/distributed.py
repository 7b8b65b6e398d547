import os

import torch.distributed as dist


def init_distributed():
    """Set up torch.distributed from the environment that torchrun provides."""
    dist.init_process_group(backend="gloo", init_method="env://")
    rank = dist.get_rank()
    world_size = dist.get_world_size()
    local_rank = int(os.environ.get("LOCAL_RANK", 0))
    return rank, world_size, local_rank


def cleanup():
    dist.destroy_process_group()
