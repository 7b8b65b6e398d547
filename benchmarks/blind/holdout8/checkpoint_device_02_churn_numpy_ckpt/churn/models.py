from __future__ import annotations

from typing import Callable

import torch
import torch.nn as nn

from .config import ModelSection

_FACTORIES: dict[str, Callable[[int, ModelSection], nn.Module]] = {}


def register(name: str):
    def deco(fn: Callable[[int, ModelSection], nn.Module]):
        _FACTORIES[name] = fn
        return fn
    return deco


class MLPScorer(nn.Module):
    def __init__(self, in_dim: int, hidden: list[int], dropout: float) -> None:
        super().__init__()
        layers: list[nn.Module] = []
        for h in hidden:
            layers += [nn.Linear(in_dim, h), nn.ReLU(), nn.Dropout(dropout)]
            in_dim = h
        layers.append(nn.Linear(in_dim, 1))
        self.body = nn.Sequential(*layers)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.body(x).squeeze(-1)


@register("mlp")
def _mlp(in_dim: int, cfg: ModelSection) -> nn.Module:
    return MLPScorer(in_dim, cfg.hidden, cfg.dropout)


@register("logreg")
def _logreg(in_dim: int, cfg: ModelSection) -> nn.Module:
    return MLPScorer(in_dim, [], 0.0)


def create_model(in_dim: int, cfg: ModelSection) -> nn.Module:
    if cfg.kind not in _FACTORIES:
        raise KeyError(f"unknown model kind {cfg.kind!r}; registered: {sorted(_FACTORIES)}")
    return _FACTORIES[cfg.kind](in_dim, cfg)
