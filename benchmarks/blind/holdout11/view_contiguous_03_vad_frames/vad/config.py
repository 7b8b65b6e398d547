from dataclasses import asdict, dataclass, field


@dataclass
class FeatureConfig:
    sample_rate: int = 16000
    n_mels: int = 40
    frames: int = 100          # 1 s of audio at a 10 ms hop


@dataclass
class ModelConfig:
    channels: int = 64
    kernel_size: int = 5
    n_blocks: int = 3
    dropout: float = 0.1


@dataclass
class TrainConfig:
    batch_size: int = 16
    epochs: int = 2
    lr: float = 1e-3
    n_train_clips: int = 256
    n_val_clips: int = 64
    seed: int = 1234
    log_dir: str = "logs"


@dataclass
class Config:
    features: FeatureConfig = field(default_factory=FeatureConfig)
    model: ModelConfig = field(default_factory=ModelConfig)
    train: TrainConfig = field(default_factory=TrainConfig)

    def to_dict(self):
        return asdict(self)
