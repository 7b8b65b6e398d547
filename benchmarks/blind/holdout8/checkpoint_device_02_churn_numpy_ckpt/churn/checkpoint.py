from __future__ import annotations

from pathlib import Path
from typing import Any

import torch
import torch.nn as nn

from .data import Standardizer


def save_best(path: Path, model: nn.Module, optimizer: torch.optim.Optimizer,
              scaler: Standardizer, epoch: int, metrics: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    torch.save(
        {
            "epoch": epoch,
            "model": model.state_dict(),
            "optimizer": optimizer.state_dict(),
            "scaler": {"mean": scaler.mean, "std": scaler.std},
            "metrics": metrics,
        },
        path,
    )


def load_for_inference(path: Path, model: nn.Module) -> tuple[nn.Module, Standardizer, dict[str, Any]]:
    state = torch.load(path, map_location="cpu")
    model.load_state_dict(state["model"])
    scaler = Standardizer(mean=state["scaler"]["mean"], std=state["scaler"]["std"])
    return model.eval(), scaler, state["metrics"]
