import argparse
import gc

import torch
import torch.multiprocessing as mp
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from utils.distributed import cleanup, init_worker
from wavcls.dataset import ToneClips
from wavcls.model import TinyWavNet


def train(rank, args):
    device = init_worker(rank, args.world_size)
    torch.manual_seed(1234)
    dataset = ToneClips(seed=0)
    sampler = DistributedSampler(dataset, num_replicas=args.world_size, rank=rank)
    loader = DataLoader(dataset, batch_size=args.batch_size, sampler=sampler)

    model = TinyWavNet().to(device)
    model = DDP(model, device_ids=[rank] if device.type == "cuda" else None)
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)

    for epoch in range(1, args.epochs + 1):
        sampler.set_epoch(epoch)
        running = 0.0
        for step, (wav, label) in enumerate(loader):
            wav, label = wav.to(device), label.to(device)
            loss = F.cross_entropy(model(wav), label)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            running += loss.item()
        if rank == 0:
            print(f"epoch {epoch}: loss={running / (step + 1):.4f}")
    cleanup()
    del model, optimizer
    gc.collect()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--world-size", type=int, default=2)
    parser.add_argument("--epochs", type=int, default=1)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--lr", type=float, default=3e-3)
    args = parser.parse_args()
    mp.spawn(train, args=(args,), nprocs=args.world_size, join=True)
