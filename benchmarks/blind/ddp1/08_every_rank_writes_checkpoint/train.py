import argparse
import gc

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from utils.io import prepare_run_dir
from utils.loop import run_training
from vae.data import two_moons
from vae.model import VAE


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--out", default="runs/vae")
    ap.add_argument("--batch-size", type=int, default=64)
    args = ap.parse_args()

    dist.init_process_group("gloo")
    rank, world = dist.get_rank(), dist.get_world_size()
    if rank == 0:
        prepare_run_dir(args.out)
    dist.barrier()

    torch.manual_seed(0)
    ds = two_moons()
    sampler = DistributedSampler(ds, num_replicas=world, rank=rank)
    loader = DataLoader(ds, batch_size=args.batch_size, sampler=sampler)
    model = DDP(VAE())
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    run_training(model, opt, loader, sampler, args.epochs, args.out)


if __name__ == "__main__":
    main()
    dist.destroy_process_group()
    gc.collect()
