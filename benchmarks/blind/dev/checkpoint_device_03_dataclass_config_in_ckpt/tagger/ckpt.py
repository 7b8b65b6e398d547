import os

import torch

from .config import TrainConfig
from .model import GRUClassifier


def save(cfg: TrainConfig, model, epoch, name="last.pt"):
    os.makedirs(cfg.out_dir, exist_ok=True)
    path = os.path.join(cfg.out_dir, name)
    torch.save({"config": cfg, "epoch": epoch, "weights": model.state_dict()}, path)
    return path


def load_for_inference(path):
    """Rebuild the model exactly as it was trained, from the checkpoint alone."""
    ckpt = torch.load(path, map_location="cpu")
    cfg = ckpt["config"]
    model = GRUClassifier.from_config(cfg)
    model.load_state_dict(ckpt["weights"])
    model.eval()
    return model, cfg
