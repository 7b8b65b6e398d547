from dataclasses import dataclass


@dataclass
class TrainConfig:
    n_rows: int = 20000
    n_ads: int = 200
    emb_dim: int = 16
    batch_size: int = 256
    lr: float = 1e-3
    epochs: int = 2
    log_every: int = 20
    seed: int = 7
