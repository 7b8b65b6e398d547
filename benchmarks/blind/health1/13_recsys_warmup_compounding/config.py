from dataclasses import dataclass


@dataclass
class Config:
    n_users: int = 300
    n_items: int = 200
    n_ratings: int = 6000
    rank: int = 16
    epochs: int = 20
    batch_size: int = 256
    lr: float = 0.05
    weight_decay: float = 1e-5
    warmup_ratio: float = 0.1
    seed: int = 123
