from dataclasses import dataclass


@dataclass
class TrainConfig:
    block_size: int = 32
    n_embd: int = 48
    batch_size: int = 32
    max_iters: int = 100
    eval_interval: int = 20
    learning_rate: float = 3e-3
    warmup_iters: int = 30      # linear warm-up from 0, as in the reference recipe
    min_lr: float = 3e-4
    grad_clip: float = 1.0
