import json
import os
import shutil

import torch


def prepare_run_dir(path):
    """Start from a clean run directory (called on rank 0 only)."""
    if os.path.isdir(path):
        shutil.rmtree(path)
    os.makedirs(path)


def save_epoch(model, optimizer, run_dir, epoch, metrics):
    ep_dir = os.path.join(run_dir, f"epoch_{epoch:03d}")
    os.mkdir(ep_dir)  # fail loudly rather than overwrite an existing epoch
    torch.save(model.module.state_dict(), os.path.join(ep_dir, "model.pt"))
    torch.save(optimizer.state_dict(), os.path.join(ep_dir, "optim.pt"))
    with open(os.path.join(ep_dir, "metrics.json"), "w") as f:
        json.dump(metrics, f)
