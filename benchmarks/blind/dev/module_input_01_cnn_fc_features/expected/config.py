from dataclasses import dataclass, field


@dataclass
class TrainConfig:
    # data
    image_size: int = 32
    num_classes: int = 10
    num_train: int = 256
    num_val: int = 64
    # model
    channels: tuple = (8, 16, 32)
    fc_in_features: int = 32 * 4 * 4   # flattened size after the conv stack
    fc_hidden: int = 64
    dropout: float = 0.25
    # optim
    batch_size: int = 64
    lr: float = 1e-3
    weight_decay: float = 1e-4
    epochs: int = 3
    seed: int = 0
    ckpt_path: str = "cnn_small.pt"
