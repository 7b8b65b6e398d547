from dataclasses import dataclass, field


@dataclass
class OptimConfig:
    lr: float = 0.02
    momentum: float = 0.9
    weight_decay: float = 1e-4


@dataclass
class TrainConfig:
    n_customers: int = 4000
    batch_size: int = 64
    epochs: int = 6
    hidden: tuple = (64, 32)
    seed: int = 3
    optim: OptimConfig = field(default_factory=OptimConfig)
