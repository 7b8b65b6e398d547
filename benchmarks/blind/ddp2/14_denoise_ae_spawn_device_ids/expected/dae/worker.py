import os

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from dae.net import DenoisingAE
from dae.sensors import sensor_data


def worker(rank, world_size, args):
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ["MASTER_PORT"] = str(args.port)
    backend = "nccl" if torch.cuda.is_available() else "gloo"
    dist.init_process_group(backend, rank=rank, world_size=world_size)
    device = torch.device(f"cuda:{rank}" if torch.cuda.is_available() else "cpu")

    torch.manual_seed(0)
    model = DenoisingAE().to(device)
    model = DDP(model, device_ids=[rank] if device.type == "cuda" else None)
    ds = sensor_data()
    sampler = DistributedSampler(ds, num_replicas=world_size, rank=rank)
    loader = DataLoader(ds, batch_size=64, sampler=sampler)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(args.epochs):
        sampler.set_epoch(epoch)
        for (x,) in loader:
            x = x.to(device)
            noisy = x + args.noise * torch.randn_like(x)
            loss = F.mse_loss(model(noisy), x)
            opt.zero_grad()
            loss.backward()
            opt.step()
        if rank == 0:
            print(f"epoch {epoch}: recon mse {loss.item():.4f}", flush=True)
    dist.destroy_process_group()
