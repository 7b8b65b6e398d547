import argparse
import gc
import os

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP

from lib.data import iris_like
from lib.evaluate import evaluate


def run(rank, world, args):
    torch.set_num_threads(1)
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ["MASTER_PORT"] = "29521"
    dist.init_process_group("gloo", rank=rank, world_size=world)
    torch.manual_seed(0)
    model = DDP(nn.Sequential(nn.Linear(4, 32), nn.ReLU(), nn.Linear(32, 3)))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)

    x, y = iris_like(1200, seed=0)
    x, y = x[rank::world], y[rank::world]
    xv, yv = iris_like(300, seed=1)
    xv, yv = xv[rank::world], yv[rank::world]

    for epoch in range(args.epochs):
        perm = torch.randperm(len(x), generator=torch.Generator().manual_seed(epoch))
        for i in range(0, len(x), 30):
            idx = perm[i:i + 30]
            loss = F.cross_entropy(model(x[idx]), y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
        acc = evaluate(model, xv, yv)  # collective: every rank must call it
        if rank == 0:
            print(f"epoch {epoch} loss {loss.item():.4f} val_acc {acc:.3f}", flush=True)

    dist.destroy_process_group()
    del model
    gc.collect()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--nproc", type=int, default=2)
    ap.add_argument("--epochs", type=int, default=2)
    args = ap.parse_args()
    mp.spawn(run, args=(args.nproc, args), nprocs=args.nproc)
