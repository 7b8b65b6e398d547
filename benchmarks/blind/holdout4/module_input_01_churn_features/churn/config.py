from dataclasses import dataclass, field


@dataclass
class DataConfig:
    n_customers: int = 2000
    val_fraction: float = 0.2
    seed: int = 7
    data_dir: str = "data"


@dataclass
class ModelConfig:
    n_features: int = 12
    hidden: tuple = (64, 32)
    dropout: float = 0.1


@dataclass
class TrainConfig:
    epochs: int = 2
    batch_size: int = 64
    lr: float = 1e-3
    weight_decay: float = 1e-4


@dataclass
class Config:
    data: DataConfig = field(default_factory=DataConfig)
    model: ModelConfig = field(default_factory=ModelConfig)
    train: TrainConfig = field(default_factory=TrainConfig)
