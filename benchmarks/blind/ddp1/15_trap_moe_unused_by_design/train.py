import argparse
import gc

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP

from moe.layers import MoERegressor


def batch(gen, n=16, d=8):
    x = torch.randn(n, d, generator=gen)
    y = torch.where(x[:, 0] > 0, x[:, 1] * 2, -x[:, 2]) + 0.1 * x[:, 3] ** 2
    return x, y


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=60)
    args = ap.parse_args()
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    torch.manual_seed(0)
    # unused experts are expected with top-1 routing
    model = DDP(MoERegressor(), find_unused_parameters=True)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    gen = torch.Generator().manual_seed(rank)
    for step in range(args.steps):
        x, y = batch(gen)
        pred, aux = model(x)
        loss = F.mse_loss(pred, y) + 0.01 * aux
        opt.zero_grad()
        loss.backward()
        opt.step()
        if rank == 0 and step % 20 == 0:
            print(f"step {step} loss {loss.item():.4f}", flush=True)


if __name__ == "__main__":
    main()
    dist.destroy_process_group()
    gc.collect()
