import os

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel


def setup():
    dist.init_process_group(backend="gloo")
    return dist.get_rank(), dist.get_world_size()


def cleanup():
    if dist.is_initialized():
        dist.destroy_process_group()


def wrap_model(model):
    return DistributedDataParallel(model)


def is_main():
    return not dist.is_initialized() or dist.get_rank() == 0
