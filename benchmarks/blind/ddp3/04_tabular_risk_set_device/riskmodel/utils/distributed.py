import os

import torch
import torch.distributed as dist


def setup_distributed():
    """Initialise the default process group from the torchrun environment."""
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)
    backend = "nccl" if torch.cuda.is_available() else "gloo"
    dist.init_process_group(backend=backend)
    return dist.get_rank(), dist.get_world_size(), local_rank


def teardown():
    dist.barrier()
    dist.destroy_process_group()
