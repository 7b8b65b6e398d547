import argparse
import gc
import os

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
from torch.nn.parallel import DistributedDataParallel as DDP

from gan.nets import Critic, Generator, real_batch
from gan.sampling import dump_samples


def run(rank, world_size, args):
    os.environ["MASTER_ADDR"] = "localhost"
    os.environ["MASTER_PORT"] = "29681"
    dist.init_process_group("gloo", rank=rank, world_size=world_size)
    torch.manual_seed(0)
    g = torch.Generator().manual_seed(1000 + rank)

    netG, netD = DDP(Generator()), DDP(Critic())
    optG = torch.optim.Adam(netG.parameters(), lr=1e-3, betas=(0.5, 0.9))
    optD = torch.optim.Adam(netD.parameters(), lr=1e-3, betas=(0.5, 0.9))
    fixed_noise = torch.randn(64, 8)

    for epoch in range(args.epochs):
        for it in range(args.iters):
            real = real_batch(32, g)
            z = torch.randn(32, 8, generator=g)
            # critic step (hinge loss)
            fake = netG(z).detach()
            lossD = torch.relu(1 - netD(real)).mean() + torch.relu(1 + netD(fake)).mean()
            optD.zero_grad()
            lossD.backward()
            optD.step()
            # generator step
            lossG = -netD(netG(torch.randn(32, 8, generator=g))).mean()
            optG.zero_grad()
            lossG.backward()
            optG.step()
        if rank == 0:
            m, s = dump_samples(netG, fixed_noise, epoch)
            print(f"epoch {epoch}: lossD {lossD.item():.3f} lossG {lossG.item():.3f} fake mean {m:.2f} std {s:.2f}",
                  flush=True)

    dist.destroy_process_group()
    gc.collect()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--iters", type=int, default=20)
    ap.add_argument("--world-size", type=int, default=2)
    args = ap.parse_args()
    mp.spawn(run, args=(args.world_size, args), nprocs=args.world_size, join=True)
