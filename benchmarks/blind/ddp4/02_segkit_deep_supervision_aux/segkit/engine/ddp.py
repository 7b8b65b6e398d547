import os

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel


def setup_ddp():
    """Initialise the default process group from the torchrun environment."""
    backend = "nccl" if torch.cuda.is_available() else "gloo"
    dist.init_process_group(backend=backend)
    local_rank = int(os.environ.get("LOCAL_RANK", 0))
    if torch.cuda.is_available():
        torch.cuda.set_device(local_rank)
        return torch.device("cuda", local_rank)
    return torch.device("cpu")


def wrap_model(model, device):
    model = model.to(device)
    if device.type == "cuda":
        return DistributedDataParallel(model, device_ids=[device.index])
    return DistributedDataParallel(model)


def teardown_ddp():
    if dist.is_initialized():
        dist.barrier()
        dist.destroy_process_group()
