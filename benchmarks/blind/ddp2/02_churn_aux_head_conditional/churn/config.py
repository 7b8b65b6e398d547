from dataclasses import dataclass


@dataclass
class TrainConfig:
    n_features: int = 24
    hidden: int = 64
    aux_every: int = 4
    aux_weight: float = 0.3
    n_rows: int = 1024
    batch_size: int = 64
    lr: float = 1e-3
    epochs: int = 2
    seed: int = 7
