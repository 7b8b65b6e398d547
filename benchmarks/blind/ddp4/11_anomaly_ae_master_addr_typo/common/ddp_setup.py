import os

from torch.distributed import destroy_process_group, init_process_group


def ddp_setup(rank: int, world_size: int):
    """
    Args:
        rank: Unique identifier of each process
        world_size: Total number of processes
    """
    os.environ["MASTER_ADDRESS"] = "localhost"
    os.environ["MASTER_PORT"] = "29553"
    init_process_group(backend="gloo", rank=rank, world_size=world_size)


def ddp_teardown():
    destroy_process_group()
