import os

import torch


def save_checkpoint(model, optimizer, epoch, acc, out_dir, name="best.pt"):
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, name)
    torch.save({
        "epoch": epoch,
        "acc": acc,
        "model": model.state_dict(),
        "optimizer": optimizer.state_dict(),
    }, path)
    return path


def load_weights(model, path):
    ckpt = torch.load(path, map_location="cpu")
    model.load_state_dict(ckpt["model"])
    return ckpt["epoch"], ckpt["acc"]
