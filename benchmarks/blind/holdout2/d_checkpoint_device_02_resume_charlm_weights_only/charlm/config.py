from dataclasses import dataclass


@dataclass
class LMConfig:
    seq_len: int = 48
    embed_dim: int = 32
    hidden: int = 96
    layers: int = 1
    dropout: float = 0.1
    batch_size: int = 32
    lr: float = 4e-3
    epochs: int = 4
    samples_per_epoch: int = 320
