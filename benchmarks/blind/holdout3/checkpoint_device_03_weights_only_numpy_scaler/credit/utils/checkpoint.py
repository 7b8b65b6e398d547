import os

import torch


def save_bundle(path, model, scaler, metrics, config):
    """Everything needed to serve the model: weights, preprocessing stats, metrics."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    torch.save({
        "state_dict": model.state_dict(),
        "scaler": {"mean": scaler.mean_, "scale": scaler.scale_},
        "metrics": metrics,
        "config": config,
    }, path)


def load_bundle(path):
    return torch.load(path, map_location="cpu")
