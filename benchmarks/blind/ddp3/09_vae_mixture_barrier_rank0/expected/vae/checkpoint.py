import os

import torch
import torch.distributed as dist


def save_on_master(model, optimizer, epoch, ckpt_dir):
    """Rank 0 writes the checkpoint, the other ranks wait until it is on disk."""
    if dist.get_rank() == 0:
        os.makedirs(ckpt_dir, exist_ok=True)
        path = os.path.join(ckpt_dir, f"vae_epoch{epoch:03d}.pt")
        torch.save({"model": model.module.state_dict(),
                    "optimizer": optimizer.state_dict(),
                    "epoch": epoch}, path)
        print(f"saved {path}", flush=True)
    dist.barrier()
