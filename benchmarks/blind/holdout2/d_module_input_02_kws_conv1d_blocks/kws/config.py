from dataclasses import dataclass, field
from typing import List


@dataclass
class AudioConfig:
    sample_rate: int = 2000
    clip_seconds: float = 1.0
    num_keywords: int = 6
    train_clips: int = 256
    val_clips: int = 64


@dataclass
class ModelConfig:
    in_channels: int = 1
    channels: List[int] = field(default_factory=lambda: [16, 32, 64])
    kernel_size: int = 9
    stride: int = 2


@dataclass
class TrainConfig:
    audio: AudioConfig = field(default_factory=AudioConfig)
    model: ModelConfig = field(default_factory=ModelConfig)
    batch_size: int = 32
    lr: float = 1e-3
    epochs: int = 3
    ckpt_path: str = "kws_cnn.pt"
