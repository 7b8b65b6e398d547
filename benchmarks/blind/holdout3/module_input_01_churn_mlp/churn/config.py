from dataclasses import dataclass, field
from typing import List


@dataclass
class DataConfig:
    n_customers: int = 1200
    numeric_cols: List[str] = field(default_factory=lambda: [
        "tenure", "monthly_charges", "total_charges", "support_calls",
        "data_usage_gb", "num_devices", "late_payments", "contract_months",
    ])
    plan_types: List[str] = field(default_factory=lambda: ["basic", "plus", "premium", "family"])
    seed: int = 7


@dataclass
class ModelConfig:
    in_features: int = 8
    hidden: List[int] = field(default_factory=lambda: [64, 32])
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
