from dataclasses import dataclass


@dataclass(frozen=True)
class SegConfig:
    n_classes: int = 21
    size: int = 96
    n_train: int = 64
    n_val: int = 640
    batch_size: int = 16
    epochs: int = 1
    lr: float = 3e-3
    width: int = 8
