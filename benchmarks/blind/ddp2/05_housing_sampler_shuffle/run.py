import argparse
import gc

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel

from housing.data.loaders import make_loader
from housing.data.table import synth_housing
from housing.nn.mlp import mlp, mse_step


def run(args):
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    torch.manual_seed(args.seed)
    ds = synth_housing()
    loader, sampler = make_loader(ds, args.batch_size, shuffle=True)
    model = DistributedDataParallel(mlp(4))
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    for epoch in range(args.epochs):
        if sampler is not None:
            sampler.set_epoch(epoch)
        losses = torch.stack([mse_step(model, opt, b) for b in loader])
        mean = losses.mean()
        dist.all_reduce(mean)
        mean /= dist.get_world_size()
        if rank == 0:
            print(f"epoch {epoch} mse {mean.item():.4f}")
    dist.destroy_process_group()


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--batch-size", type=int, default=64)
    p.add_argument("--lr", type=float, default=1e-2)
    p.add_argument("--seed", type=int, default=0)
    run(p.parse_args())
    gc.collect()
