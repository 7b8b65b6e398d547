import torch
import torch.distributed as dist


def is_main_process():
    return dist.get_rank() == 0


def reduce_mean(value):
    t = torch.tensor(float(value))
    dist.all_reduce(t, op=dist.ReduceOp.SUM)
    return (t / dist.get_world_size()).item()
