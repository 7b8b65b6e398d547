import os

import torch


def save_checkpoint(path, epoch, model, ema_model, optimizer, metrics):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    torch.save(
        {
            "epoch": epoch,
            "model": ema_model.state_dict(),
            "raw_model": model.state_dict(),
            "optimizer": optimizer.state_dict(),
            "metrics": metrics,
        },
        path,
    )


def load_weights(path, model):
    ckpt = torch.load(path, map_location="cpu")
    model.load_state_dict(ckpt["model"])
    return ckpt
