from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import torch
from torch.utils.data import TensorDataset

from .config import DataSection


@dataclass
class Standardizer:
    mean: np.ndarray | None = None
    std: np.ndarray | None = None

    def fit(self, x: np.ndarray) -> "Standardizer":
        self.mean = x.mean(axis=0)
        self.std = x.std(axis=0) + 1e-6
        return self

    def __call__(self, x: np.ndarray) -> np.ndarray:
        assert self.mean is not None and self.std is not None, "fit() first"
        return ((x - self.mean) / self.std).astype(np.float32)


def synth_churn(cfg: DataSection) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(cfg.seed)
    x = rng.normal(loc=3.0, scale=2.0, size=(cfg.n_rows, cfg.n_numeric))
    w = rng.normal(size=cfg.n_numeric)
    logits = (x - 3.0) @ w / np.sqrt(cfg.n_numeric)
    y = (rng.random(cfg.n_rows) < 1 / (1 + np.exp(-logits))).astype(np.float32)
    return x, y


def split_and_scale(cfg: DataSection) -> tuple[TensorDataset, TensorDataset, Standardizer]:
    x, y = synth_churn(cfg)
    n_val = int(len(x) * cfg.val_fraction)
    scaler = Standardizer().fit(x[n_val:])
    train = TensorDataset(torch.from_numpy(scaler(x[n_val:])), torch.from_numpy(y[n_val:]))
    val = TensorDataset(torch.from_numpy(scaler(x[:n_val])), torch.from_numpy(y[:n_val]))
    return train, val, scaler
