import argparse
import gc

import torch
import torch.multiprocessing as mp
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP

from gan.dist import cleanup, setup
from gan.nets import discriminator, generator
from gan.target import sample_mixture


def worker(rank, args):
    setup(rank, args.nprocs)
    torch.manual_seed(0)
    G, D = DDP(generator(args.z_dim)), DDP(discriminator())
    opt_g = torch.optim.Adam(G.parameters(), lr=1e-3, betas=(0.5, 0.999))
    opt_d = torch.optim.Adam(D.parameters(), lr=1e-3, betas=(0.5, 0.999))
    g = torch.Generator().manual_seed(1000 + rank)
    ones, zeros = torch.ones(args.batch, 1), torch.zeros(args.batch, 1)

    for it in range(args.iters):
        real = sample_mixture(args.batch, g)
        z = torch.randn(args.batch, args.z_dim, generator=g)
        fake = G(z)
        # discriminator step
        d_loss = (F.binary_cross_entropy_with_logits(D(real), ones)
                  + F.binary_cross_entropy_with_logits(D(fake.detach()), zeros))
        opt_d.zero_grad()
        d_loss.backward()
        opt_d.step()
        # generator step
        g_loss = F.binary_cross_entropy_with_logits(D(fake), ones)
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        if rank == 0 and it % 50 == 0:
            with torch.no_grad():
                s = G.module(torch.randn(512, args.z_dim))
            print(f"it {it} d {d_loss.item():.3f} g {g_loss.item():.3f} "
                  f"fake mean|x| {s.abs().mean().item():.2f}", flush=True)
    cleanup()
    del G, D
    gc.collect()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--nprocs", type=int, default=2)
    ap.add_argument("--iters", type=int, default=150)
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--z-dim", type=int, default=4)
    args = ap.parse_args()
    mp.spawn(worker, args=(args,), nprocs=args.nprocs, join=True)
