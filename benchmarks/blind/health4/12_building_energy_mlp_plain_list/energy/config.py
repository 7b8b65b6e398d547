from dataclasses import dataclass, field
from typing import List


@dataclass
class ExperimentConfig:
    n_buildings: int = 5000
    seed: int = 21
    layer_sizes: List[int] = field(default_factory=lambda: [128, 128, 64])
    dropout: float = 0.0
    lr: float = 1e-3
    weight_decay: float = 0.0
    batch_size: int = 100
    epochs: int = 3
