from dataclasses import dataclass


@dataclass
class TrainConfig:
    n_items: int = 40_000
    history_len: int = 20
    emb_dim: int = 64
    n_train: int = 4096
    n_val: int = 1024
    batch_size: int = 1024
    grad_accum_steps: int = 2
    epochs: int = 2
    lr: float = 1e-3
    weight_decay: float = 1e-5
    max_grad_norm: float = 1.0
    seed: int = 17
