from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(slots=True)
class DataSection:
    n_rows: int = 2000
    n_numeric: int = 10
    val_fraction: float = 0.2
    seed: int = 0


@dataclass(slots=True)
class ModelSection:
    kind: str = "mlp"
    hidden: list[int] = field(default_factory=lambda: [64, 32])
    dropout: float = 0.0


@dataclass(slots=True)
class TrainSection:
    batch_size: int = 64
    epochs: int = 2
    lr: float = 1e-3
    out_dir: str = "artifacts"


@dataclass(slots=True)
class ExperimentConfig:
    data: DataSection
    model: ModelSection
    train: TrainSection

    @classmethod
    def from_toml(cls, path: str | Path) -> "ExperimentConfig":
        raw = tomllib.loads(Path(path).read_text())
        return cls(
            data=DataSection(**raw.get("data", {})),
            model=ModelSection(**raw.get("model", {})),
            train=TrainSection(**raw.get("train", {})),
        )
