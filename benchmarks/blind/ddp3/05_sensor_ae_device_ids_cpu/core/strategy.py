import os

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel


class DDPStrategy:
    def __init__(self):
        self.local_rank = int(os.environ.get("LOCAL_RANK", 0))
        self.backend = "nccl" if torch.cuda.is_available() else "gloo"

    def setup(self):
        dist.init_process_group(self.backend)
        self.rank = dist.get_rank()
        self.world_size = dist.get_world_size()
        if torch.cuda.is_available():
            torch.cuda.set_device(self.local_rank)
            self.device = torch.device("cuda", self.local_rank)
        else:
            self.device = torch.device("cpu")

    def wrap(self, module):
        module = module.to(self.device)
        return DistributedDataParallel(module, device_ids=[self.local_rank], output_device=self.local_rank)

    def reduce(self, value):
        t = torch.tensor([float(value)], device=self.device)
        dist.all_reduce(t)
        return t.item() / self.world_size

    def teardown(self):
        dist.destroy_process_group()
