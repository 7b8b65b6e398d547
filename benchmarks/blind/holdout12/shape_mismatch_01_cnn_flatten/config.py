from dataclasses import dataclass


@dataclass
class TrainConfig:
    image_size: int = 32
    in_channels: int = 3
    num_classes: int = 10
    widths: tuple = (16, 32, 64)
    dropout: float = 0.2
    batch_size: int = 32
    epochs: int = 2
    lr: float = 1e-3
    weight_decay: float = 1e-4
    num_train: int = 640
    num_val: int = 160
    seed: int = 0
