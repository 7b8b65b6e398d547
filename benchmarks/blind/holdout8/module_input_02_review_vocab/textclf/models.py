from __future__ import annotations

import torch
import torch.nn as nn

from .config import ModelConfig


class BiGRUClassifier(nn.Module):
    def __init__(self, cfg: ModelConfig) -> None:
        super().__init__()
        self.embedding = nn.Embedding(cfg.vocab_size, cfg.embed_dim, padding_idx=cfg.pad_idx)
        self.rnn = nn.GRU(cfg.embed_dim, cfg.hidden_dim, num_layers=cfg.num_layers,
                          batch_first=True, bidirectional=True)
        self.dropout = nn.Dropout(cfg.dropout)
        self.head = nn.Linear(2 * cfg.hidden_dim, cfg.num_classes)

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        mask = (ids != 0).unsqueeze(-1).float()
        h, _ = self.rnn(self.embedding(ids))
        pooled = (h * mask).sum(1) / mask.sum(1).clamp(min=1.0)
        return self.head(self.dropout(pooled))


MODEL_REGISTRY = {"bigru": BiGRUClassifier}


def build_model(name: str, cfg: ModelConfig) -> nn.Module:
    try:
        return MODEL_REGISTRY[name](cfg)
    except KeyError as exc:
        raise ValueError(f"unknown model {name!r}; choose from {sorted(MODEL_REGISTRY)}") from exc
