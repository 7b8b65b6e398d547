import os

import torch


@torch.no_grad()
def dump_samples(netG, fixed_noise, epoch, out_dir="samples"):
    os.makedirs(out_dir, exist_ok=True)
    netG.eval()
    fake = netG(fixed_noise)
    netG.train()
    torch.save(fake, os.path.join(out_dir, f"epoch_{epoch:03d}.pt"))
    return fake.mean().item(), fake.std().item()
