import torch.distributed as dist


def setup(rank, world_size):
    dist.init_process_group("gloo", init_method="env://", rank=rank, world_size=world_size)


def cleanup():
    dist.destroy_process_group()
