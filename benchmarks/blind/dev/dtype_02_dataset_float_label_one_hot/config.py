from dataclasses import dataclass


@dataclass
class TrainConfig:
    n_samples: int = 480
    n_features: int = 40
    num_classes: int = 6
    hidden: int = 64
    batch_size: int = 32
    epochs: int = 3
    lr: float = 3e-3
    label_smoothing: float = 0.1
    seed: int = 13
