import os

import torch.distributed as dist


class Runtime:
    """Works both under torchrun (DDP) and as a plain single process."""

    def __init__(self):
        self.local_rank = int(os.environ.get("LOCAL_RANK", 0))
        self.distributed = self.local_rank != -1
        if self.distributed:
            dist.init_process_group(backend="gloo")
            self.rank = dist.get_rank()
            self.world_size = dist.get_world_size()
        else:
            self.rank, self.world_size = 0, 1

    @property
    def is_master(self):
        return self.rank == 0

    def all_mean(self, tensor):
        if self.distributed:
            dist.all_reduce(tensor)
            tensor /= self.world_size
        return tensor

    def shutdown(self):
        if self.distributed:
            dist.destroy_process_group()
