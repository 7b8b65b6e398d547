import argparse
import gc
import os

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler

from vae.checkpoint import save_on_master
from vae.nets import VAE, elbo_loss, ring_mixture


def worker(rank, world_size, args):
    os.environ.setdefault("MASTER_ADDR", "localhost")
    os.environ.setdefault("MASTER_PORT", "29641")
    dist.init_process_group("gloo", rank=rank, world_size=world_size)
    torch.manual_seed(rank)

    data = TensorDataset(ring_mixture(2048))
    sampler = DistributedSampler(data, num_replicas=world_size, rank=rank)
    loader = DataLoader(data, batch_size=128, sampler=sampler)

    model = DDP(VAE())
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)

    for epoch in range(args.epochs):
        sampler.set_epoch(epoch)
        for (x,) in loader:
            recon, mu, logvar = model(x)
            loss = elbo_loss(x, recon, mu, logvar)
            opt.zero_grad()
            loss.backward()
            opt.step()
        if rank == 0:
            print(f"epoch {epoch} -elbo {loss.item():.3f}", flush=True)
        if (epoch + 1) % args.save_every == 0:
            save_on_master(model, opt, epoch, args.ckpt_dir)

    dist.destroy_process_group()
    gc.collect()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=20)
    ap.add_argument("--save-every", type=int, default=5)
    ap.add_argument("--ckpt-dir", default="checkpoints")
    ap.add_argument("--nprocs", type=int, default=2)
    args = ap.parse_args()
    mp.spawn(worker, args=(args.nprocs, args), nprocs=args.nprocs, join=True)
