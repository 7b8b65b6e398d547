from pathlib import Path

import torch


def save_checkpoint(path, model, extra=None, **meta):
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    payload = {"model": model.state_dict(), "meta": meta}
    if extra:
        payload.update(extra)
    torch.save(payload, path)


def load_checkpoint(path, map_location="cpu"):
    return torch.load(path, map_location=map_location)
