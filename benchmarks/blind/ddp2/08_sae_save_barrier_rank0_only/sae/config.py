from dataclasses import dataclass


@dataclass
class SaeConfig:
    d_in: int = 64
    expansion: int = 4
    k: int = 8
    batch_size: int = 128
    lr: float = 1e-3
    steps: int = 60
    save_every: int = 20
    save_dir: str = "runs"
    seed: int = 0
