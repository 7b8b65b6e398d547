import os

import torch


def save(path, model, optimizer, epoch, extra=None):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    torch.save({"model": model.state_dict(), "optimizer": optimizer.state_dict(),
                "epoch": epoch, "extra": extra or {}}, path)


def restore(path, model, optimizer=None, map_location=None):
    state = torch.load(path, map_location=map_location)
    model.load_state_dict(state["model"])
    if optimizer is not None:
        optimizer.load_state_dict(state["optimizer"])
    return state["epoch"], state["extra"]
