from dataclasses import dataclass, field


@dataclass
class DataConfig:
    n_genes: int = 1024
    n_train: int = 24576
    n_val: int = 2048
    n_types: int = 12
    seed: int = 7


@dataclass
class ModelConfig:
    hidden: int = 1024
    depth: int = 3
    dropout: float = 0.2


@dataclass
class TrainConfig:
    batch_size: int = 3072
    accum_steps: int = 8
    epochs: int = 1
    lr: float = 1e-3
    step_size: int = 1
    gamma: float = 0.5
    out_dir: str = "runs/expr_mlp"


@dataclass
class Config:
    data: DataConfig = field(default_factory=DataConfig)
    model: ModelConfig = field(default_factory=ModelConfig)
    train: TrainConfig = field(default_factory=TrainConfig)
