from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class DataConfig:
    num_train: int = 640
    num_val: int = 256
    seq_len: int = 40
    corpus_words: int = 6000
    max_vocab: int = 4000
    seed: int = 13


@dataclass(frozen=True)
class ModelConfig:
    vocab_size: int = 4000
    embed_dim: int = 64
    hidden_dim: int = 48
    num_layers: int = 1
    num_classes: int = 2
    dropout: float = 0.1
    pad_idx: int = 0


@dataclass(frozen=True)
class TrainConfig:
    data: DataConfig = field(default_factory=DataConfig)
    model: ModelConfig = field(default_factory=ModelConfig)
    batch_size: int = 64
    epochs: int = 2
    lr: float = 2e-3
    weight_decay: float = 1e-4
