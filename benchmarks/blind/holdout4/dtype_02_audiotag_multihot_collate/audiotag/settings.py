from dataclasses import dataclass, field
from typing import List


@dataclass
class Settings:
    data_dir: str = "data/clips"
    tags: List[str] = field(default_factory=lambda: ["speech", "music", "dog", "car", "rain", "siren", "birds"])
    n_clips: int = 320
    n_mfcc: int = 20
    min_frames: int = 60
    max_frames: int = 140
    batch_size: int = 16
    epochs: int = 2
    lr: float = 1e-3
    hidden: int = 96
    seed: int = 42
