import os

import torch
import torch.distributed as dist


def setup_distributed():
    """torchrun sets RANK / LOCAL_RANK / WORLD_SIZE for us."""
    local_rank = int(os.environ["LOCAL_RANK"])
    backend = "nccl" if torch.cuda.is_available() else "gloo"
    dist.init_process_group(backend=backend)
    if torch.cuda.is_available():
        torch.cuda.set_device(local_rank)
        device = torch.device(f"cuda:{local_rank}")
    else:
        device = torch.device("cpu")
    return local_rank, device


def get_rank():
    return dist.get_rank() if dist.is_initialized() else 0


def get_world_size():
    return dist.get_world_size() if dist.is_initialized() else 1


def all_reduce_mean(x):
    x = x.clone()
    dist.all_reduce(x)
    return x / get_world_size()


def shutdown():
    dist.barrier()
    dist.destroy_process_group()
