from dataclasses import dataclass


@dataclass
class Config:
    n_rows: int = 3000
    n_numeric: int = 10
    n_categories: tuple = (5, 12, 4)
    emb_dim: int = 6
    hidden: int = 128
    dropout: float = 0.2
    batch_size: int = 64
    epochs: int = 2
    lr: float = 1e-3
    data_parallel: bool = True
    ckpt_dir: str = "checkpoints"
    seed: int = 2024
