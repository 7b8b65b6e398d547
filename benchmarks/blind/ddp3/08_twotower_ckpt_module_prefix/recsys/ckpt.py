import os

import torch


def save_checkpoint(model, optimizer, epoch, path):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    torch.save({"epoch": epoch,
                "model": model.state_dict(),
                "optimizer": optimizer.state_dict()}, path)


def load_weights(model, path):
    state = torch.load(path, map_location="cpu")
    model.load_state_dict(state["model"])
    return state["epoch"]
