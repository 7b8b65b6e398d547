import gc
import math
import os

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from datasets.textures import TexturePatches
from nets.dncnn import DnCNN
from options.train_options import get_options


def psnr(x, y):
    return 10 * math.log10(1.0 / F.mse_loss(x.clamp(0, 1), y).item())


def main():
    opt = get_options()
    if opt.distributed:
        dist.init_process_group(backend="gloo", init_method="env://")
        rank, world = dist.get_rank(), dist.get_world_size()
    else:
        rank, world = 0, 1
    torch.manual_seed(0)

    ds = TexturePatches(opt.n_patches, opt.patch, opt.sigma)
    sampler = DistributedSampler(ds) if opt.distributed else None
    dl = DataLoader(ds, batch_size=opt.batch_size, shuffle=sampler is None, sampler=sampler, drop_last=True)

    model = DnCNN(opt.depth)
    if opt.distributed:
        model = DDP(model)
    optim = torch.optim.Adam(model.parameters(), lr=opt.lr)

    for epoch in range(opt.epochs):
        if sampler is not None:
            sampler.set_epoch(epoch)
        for i, (noisy, clean) in enumerate(dl):
            out = model(noisy)
            loss = F.mse_loss(out, clean)
            optim.zero_grad()
            loss.backward()
            optim.step()
            if rank == 0 and i % 6 == 0:
                print(f"epoch {epoch} iter {i} loss {loss.item():.5f} psnr {psnr(out.detach(), clean):.2f} dB"
                      f" (noisy {psnr(noisy, clean):.2f} dB) world={world}", flush=True)

    if rank == 0:
        os.makedirs(opt.save_dir, exist_ok=True)
        state = model.module.state_dict() if opt.distributed else model.state_dict()
        torch.save(state, os.path.join(opt.save_dir, "dncnn_lite.pth"))
    if opt.distributed:
        dist.barrier()
        dist.destroy_process_group()


if __name__ == "__main__":
    main()
    gc.collect()
