import argparse
import gc

import torch
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP

from launch.workers import launch
from model.resmlp import ResMLP


def target(x):
    return (x[:, :1] ** 2 - 0.5 * x[:, 1:] ** 3 + x[:, :1] * x[:, 1:])


def train(rank, world_size, steps, batch):
    torch.set_num_threads(1)
    torch.manual_seed(0)
    model = DDP(ResMLP())
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    g = torch.Generator().manual_seed(100 + rank)
    for step in range(steps):
        x = torch.rand(batch, 2, generator=g) * 2 - 1
        loss = F.mse_loss(model(x), target(x))
        opt.zero_grad()
        loss.backward()
        opt.step()
        if rank == 0 and step % 10 == 0:
            print(f"step {step} mse {loss.item():.5f}", flush=True)
    del model
    gc.collect()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--nprocs", type=int, default=2)
    ap.add_argument("--steps", type=int, default=40)
    ap.add_argument("--batch", type=int, default=64)
    a = ap.parse_args()
    launch(train, a.nprocs, a.steps, a.batch)
