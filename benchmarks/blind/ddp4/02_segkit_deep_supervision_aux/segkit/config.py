from dataclasses import dataclass


@dataclass
class TrainConfig:
    epochs: int = 1
    batch_size: int = 8
    lr: float = 3e-3
    num_classes: int = 3
    image_size: int = 32
    num_images: int = 256
    base_channels: int = 8
    aux_every: int = 2
    aux_weight: float = 0.4
    seed: int = 0
    log_interval: int = 4
