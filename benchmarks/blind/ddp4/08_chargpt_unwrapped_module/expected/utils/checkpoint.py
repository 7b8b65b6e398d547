import os

import torch


def save_checkpoint(model, optimizer, iter_num, best_val_loss, config, out_dir):
    """Write ckpt.pt. Call from the master process only."""
    os.makedirs(out_dir, exist_ok=True)
    checkpoint = {
        "model": model.state_dict(),  # callers pass the unwrapped (raw) model
        "optimizer": optimizer.state_dict(),
        "iter_num": iter_num,
        "best_val_loss": best_val_loss,
        "config": config,
    }
    path = os.path.join(out_dir, "ckpt.pt")
    torch.save(checkpoint, path)
    return path
