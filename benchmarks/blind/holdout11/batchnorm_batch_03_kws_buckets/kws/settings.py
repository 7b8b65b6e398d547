from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    keywords: tuple = ("yes", "no", "up", "down", "stop", "go")
    n_mels: int = 32
    n_train: int = 420
    n_val: int = 96
    batch_size: int = 16
    bucket_width: int = 20       # frames
    epochs: int = 2
    lr: float = 2e-3
    channels: int = 48
    seed: int = 6
    ckpt_dir: str = "checkpoints"
