from dataclasses import dataclass, field
from typing import List


@dataclass
class TrainConfig:
    epochs: int = 10
    batch_size: int = 64
    lr: float = 1e-3
    weight_decay: float = 1e-4
    hidden: List[int] = field(default_factory=lambda: [64, 32])
    n_samples: int = 1024
    val_fraction: float = 0.2
    seed: int = 7
