import os

import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel


def setup():
    dist.init_process_group("gloo")
    return dist.get_rank(), dist.get_world_size()


def wrap_model(model):
    return DistributedDataParallel(model)


def teardown():
    dist.destroy_process_group()
