import os

import torch
import torch.distributed as dist


def init_dist():
    backend = "nccl" if torch.cuda.is_available() else "gloo"
    dist.init_process_group(backend=backend, init_method="env://")
    return int(os.environ.get("RANK", 0)), int(os.environ.get("WORLD_SIZE", 1))


def reduce_dict(d):
    keys = sorted(d)
    vals = torch.stack([d[k].detach().float() for k in keys])
    dist.all_reduce(vals)
    vals /= dist.get_world_size()
    return {k: v.item() for k, v in zip(keys, vals)}
