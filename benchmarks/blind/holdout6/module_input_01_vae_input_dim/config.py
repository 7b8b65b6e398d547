from dataclasses import dataclass, field, asdict
from typing import Tuple


@dataclass
class DataConfig:
    n_train: int = 1024
    n_val: int = 256
    image_size: int = 32
    n_blobs: int = 3
    seed: int = 0


@dataclass
class VAEConfig:
    input_dim: int = 28 * 28
    hidden_dims: Tuple[int, ...] = (256, 128)
    latent_dim: int = 16
    dropout: float = 0.0


@dataclass
class ExperimentConfig:
    data: DataConfig = field(default_factory=DataConfig)
    model: VAEConfig = field(default_factory=VAEConfig)

    def to_dict(self):
        return asdict(self)
