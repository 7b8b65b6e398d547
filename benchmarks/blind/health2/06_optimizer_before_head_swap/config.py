from dataclasses import dataclass


@dataclass
class FinetuneConfig:
    num_classes: int = 5
    image_size: int = 16
    n_train: int = 320
    n_val: int = 80
    batch_size: int = 32
    epochs: int = 10
    lr: float = 3e-3
    weight_decay: float = 0.0
    width: int = 16
    seed: int = 3
