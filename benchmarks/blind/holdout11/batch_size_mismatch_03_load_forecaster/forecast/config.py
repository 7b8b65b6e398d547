import json
from dataclasses import dataclass, field


@dataclass
class DataConfig:
    n_days: int = 200
    lookback: int = 48      # hours of history fed to the model
    horizon: int = 6        # hours predicted
    val_days: int = 30


@dataclass
class ModelConfig:
    hidden_size: int = 64
    num_layers: int = 2
    dropout: float = 0.1


@dataclass
class TrainConfig:
    batch_size: int = 64
    epochs: int = 5
    lr: float = 1e-3
    seed: int = 0
    out_dir: str = "artifacts"


@dataclass
class ExperimentConfig:
    data: DataConfig = field(default_factory=DataConfig)
    model: ModelConfig = field(default_factory=ModelConfig)
    train: TrainConfig = field(default_factory=TrainConfig)

    @classmethod
    def from_json(cls, path):
        with open(path) as f:
            raw = json.load(f)
        return cls(
            data=DataConfig(**raw.get("data", {})),
            model=ModelConfig(**raw.get("model", {})),
            train=TrainConfig(**raw.get("train", {})),
        )
