from dataclasses import dataclass, field


@dataclass
class DataConfig:
    n_rows: int = 4000
    n_numeric: int = 12
    n_categorical: int = 3
    cardinality: int = 10
    seed: int = 7


@dataclass
class TrainConfig:
    epochs: int = 5
    batch_size: int = 128
    lr: float = 3e-3
    weight_decay: float = 1e-4
    hidden: tuple = (64, 32)
    data: DataConfig = field(default_factory=DataConfig)
