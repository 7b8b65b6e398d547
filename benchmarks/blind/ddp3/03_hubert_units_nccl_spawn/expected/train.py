import gc
import os

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from hubert.dataset import SyntheticUnits
from hubert.model import UnitPredictor

WORLD_SIZE = 2
EPOCHS = 2
BATCH_SIZE = 8


def train(rank, world_size):
    dist.init_process_group(
        backend="nccl" if torch.cuda.is_available() else "gloo",
        init_method="tcp://localhost:54321",
        world_size=world_size,
        rank=rank,
    )
    device = torch.device("cuda", rank) if torch.cuda.is_available() else torch.device("cpu")

    torch.manual_seed(1234)
    model = UnitPredictor().to(device)
    model = DDP(model, device_ids=[rank] if device.type == "cuda" else None)
    optimizer = torch.optim.AdamW(model.parameters(), lr=2e-3)

    dataset = SyntheticUnits()
    sampler = DistributedSampler(dataset, drop_last=True)
    loader = DataLoader(dataset, batch_size=BATCH_SIZE, sampler=sampler, drop_last=True)

    for epoch in range(1, EPOCHS + 1):
        sampler.set_epoch(epoch)
        for wavs, units in loader:
            wavs, units = wavs.to(device), units.to(device)
            logits = model(wavs)
            loss = F.cross_entropy(logits, units)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        if rank == 0:
            print(f"epoch {epoch}: loss {loss.item():.3f}", flush=True)

    dist.destroy_process_group()
    gc.collect()


if __name__ == "__main__":
    mp.spawn(train, args=(WORLD_SIZE,), nprocs=WORLD_SIZE, join=True)
