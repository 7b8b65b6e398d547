from dataclasses import dataclass


@dataclass
class TrainConfig:
    n_rows: int = 1460
    hidden: int = 64
    lr: float = 1e-3
    batch_size: int = 64
    epochs: int = 5
    val_frac: float = 0.2
    seed: int = 42
