from dataclasses import dataclass, field


@dataclass
class DataConfig:
    num_train: int = 768
    num_test: int = 256
    image_size: int = 28
    num_classes: int = 10
    seed: int = 11


@dataclass
class TrainConfig:
    batch_size: int = 64
    epochs: int = 2
    lr: float = 0.05
    momentum: float = 0.9
    data_parallel: bool = True
    ckpt_dir: str = "checkpoints"
    ckpt_name: str = "lenet_last.pth"


@dataclass
class Config:
    data: DataConfig = field(default_factory=DataConfig)
    train: TrainConfig = field(default_factory=TrainConfig)
