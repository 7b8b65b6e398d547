import argparse
import gc

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP

from mlp.data import synthetic_regression, shard
from mlp.distributed import init_distributed, shutdown
from mlp.net import make_mlp


def worker(rank, world_size, args):
    torch.set_num_threads(1)
    device = init_distributed(rank, world_size)
    torch.manual_seed(0)
    model = make_mlp(12).to(device)
    ddp = DDP(model, device_ids=[device.index] if device.type == "cuda" else None)
    opt = torch.optim.SGD(ddp.parameters(), lr=args.lr, momentum=0.9)

    x, y = synthetic_regression()
    x, y = shard(x, y, rank, world_size)
    x, y = x.to(device), y.to(device)
    for epoch in range(args.epochs):
        perm = torch.randperm(len(x), generator=torch.Generator().manual_seed(epoch))
        for i in range(0, len(x), args.batch_size):
            idx = perm[i:i + args.batch_size]
            loss = F.mse_loss(ddp(x[idx]), y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
        if rank == 0:
            print(f"epoch {epoch}: loss {loss.item():.4f}", flush=True)
    shutdown()
    del ddp
    gc.collect()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--world-size", type=int, default=2)
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--batch-size", type=int, default=64)
    ap.add_argument("--lr", type=float, default=0.05)
    args = ap.parse_args()
    mp.spawn(worker, args=(args.world_size, args), nprocs=args.world_size, join=True)
