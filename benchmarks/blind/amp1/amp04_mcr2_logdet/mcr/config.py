from dataclasses import dataclass


@dataclass
class Config:
    epochs: int = 5
    batch_size: int = 128
    lr: float = 2e-3
    feat_dim: int = 16
    hidden: int = 64
    num_classes: int = 5
    in_dim: int = 20
    n_train: int = 1024
    eps: float = 0.5
    mcr_weight: float = 0.1
    precision: str = "bf16-mixed"
    seed: int = 42
