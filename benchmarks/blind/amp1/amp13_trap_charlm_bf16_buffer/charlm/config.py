from dataclasses import dataclass


@dataclass
class LMConfig:
    epochs: int = 3
    steps_per_epoch: int = 12
    batch_size: int = 16
    block_size: int = 32
    d_model: int = 48
    n_heads: int = 4
    n_layers: int = 2
    dropout: float = 0.0
    lr: float = 3e-3
    weight_decay: float = 0.05
    grad_clip: float = 1.0
    ema_decay: float = 0.9
    amp: bool = True
    seed: int = 1337
