import os

import torch


def save_checkpoint(model, path, **meta):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    torch.save({"state_dict": model.state_dict(), "meta": meta}, path)


def load_checkpoint(model, path, strict=True):
    ckpt = torch.load(path, map_location="cpu")
    model.load_state_dict(ckpt["state_dict"], strict=strict)
    return ckpt.get("meta", {})
