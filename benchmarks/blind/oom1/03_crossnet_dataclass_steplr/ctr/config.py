from dataclasses import dataclass


@dataclass
class Config:
    num_features: int = 128
    num_samples: int = 8192
    proj_dim: int = 16
    hidden: int = 64
    dropout: float = 0.2
    batch_size: int = 4096
    epochs: int = 2
    lr: float = 1e-3
    step_size: int = 1
    gamma: float = 0.5
    seed: int = 0
