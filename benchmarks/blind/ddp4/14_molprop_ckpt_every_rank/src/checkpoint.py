import json
import os

import torch


def save_epoch(ckpt_dir, epoch, model, optimizer, metrics):
    """ckpt/epoch_XXX/{model.pt, optim.pt, metrics.json}"""
    os.makedirs(ckpt_dir, exist_ok=True)
    out = os.path.join(ckpt_dir, f"epoch_{epoch:03d}")
    os.mkdir(out)  # fail loudly instead of silently overwriting an old run
    torch.save(model.state_dict(), os.path.join(out, "model.pt"))
    torch.save(optimizer.state_dict(), os.path.join(out, "optim.pt"))
    with open(os.path.join(out, "metrics.json"), "w") as f:
        json.dump(metrics, f, indent=2)
    return out
