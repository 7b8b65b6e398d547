import os

import torch


def save_checkpoint(model, optimizer, epoch, val_loss, path):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    torch.save(
        {
            "epoch": epoch,
            "val_loss": val_loss,
            "model": model.module.state_dict(),
            "optimizer": optimizer.state_dict(),
        },
        path,
    )


def load_weights(model, path):
    ckpt = torch.load(path, map_location="cpu")
    model.load_state_dict(ckpt["model"])
    return ckpt["epoch"], ckpt["val_loss"]
