from dataclasses import dataclass, field
from typing import List


@dataclass
class DataConfig:
    n_buildings: int = 1200
    val_fraction: float = 0.2
    features: List[str] = field(default_factory=lambda: [
        "floor_area", "n_floors", "year_built", "mean_temp", "occupancy", "has_district_heating"])
    seed: int = 7


@dataclass
class TrainConfig:
    hidden: int = 64
    lr: float = 3e-3
    batch_size: int = 64
    epochs: int = 4
    weight_decay: float = 1e-5


@dataclass
class Config:
    data: DataConfig = field(default_factory=DataConfig)
    train: TrainConfig = field(default_factory=TrainConfig)
