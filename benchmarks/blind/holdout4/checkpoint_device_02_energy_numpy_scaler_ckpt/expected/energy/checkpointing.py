import os

import torch


def save_bundle(path, model, optimizer, scaler, epoch, metrics):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    torch.save({
        "model": model.state_dict(),
        "optimizer": optimizer.state_dict(),
        "scaler": scaler.state_dict(),
        "epoch": epoch,
        "metrics": metrics,
    }, path)


def load_bundle(path):
    return torch.load(path, map_location="cpu", weights_only=False)
