import os

import torch.distributed as dist

# LOCAL_RANK is set by torchrun / torch.distributed.run; a plain `python train.py`
# run has no launcher and trains in a single process.
LOCAL_RANK = int(os.environ.get("LOCAL_RANK", 0))


def init_distributed():
    """Returns (is_distributed, rank, world_size)."""
    if LOCAL_RANK != -1:
        dist.init_process_group(backend="gloo", init_method="env://")
        return True, dist.get_rank(), dist.get_world_size()
    return False, 0, 1


def cleanup(is_distributed):
    if is_distributed:
        dist.destroy_process_group()
