import os

import torch


@torch.no_grad()
def dump_samples(netG, fixed_noise, epoch, out_dir="samples"):
    os.makedirs(out_dir, exist_ok=True)
    # only rank 0 gets here: bypass the DDP wrapper, its forward broadcasts buffers to all ranks
    gen = netG.module if hasattr(netG, "module") else netG
    gen.eval()
    fake = gen(fixed_noise)
    gen.train()
    torch.save(fake, os.path.join(out_dir, f"epoch_{epoch:03d}.pt"))
    return fake.mean().item(), fake.std().item()
