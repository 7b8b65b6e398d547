import os

import torch


def save(model, optimizer, epoch, out_dir="checkpoints"):
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, f"cmd_ep{epoch}.pt")
    torch.save({"model": model.module.state_dict(), "optim": optimizer.state_dict(), "epoch": epoch}, path)
    return path
