import os

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from .build import build_model
from .data import make_tiles


def worker(rank, world_size, cfg):
    os.environ["MASTER_ADDR"] = "localhost"
    os.environ["MASTER_PORT"] = str(cfg["dist"]["port"])
    dist.init_process_group("gloo", rank=rank, world_size=world_size)
    torch.manual_seed(0)

    ds = make_tiles(cfg["data"]["num_tiles"], cfg["data"]["tile"])
    sampler = DistributedSampler(ds)
    dl = DataLoader(ds, batch_size=cfg["data"]["batch_size"], sampler=sampler, drop_last=True)
    model = DDP(build_model(cfg))
    o = cfg["optim"]
    opt = torch.optim.SGD(model.parameters(), lr=o["lr"], momentum=o["momentum"], nesterov=True)

    for epoch in range(o["epochs"]):
        sampler.set_epoch(epoch)
        hits = torch.zeros(2)
        for x, y in dl:
            out = model(x)
            loss = F.cross_entropy(out, y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            hits += torch.tensor([(out.argmax(1) == y).sum().item(), y.numel()])
        dist.all_reduce(hits)
        if rank == 0:
            print(f"epoch {epoch} loss {loss.item():.3f} train acc {hits[0] / hits[1]:.3f}", flush=True)
    dist.barrier()
    dist.destroy_process_group()
