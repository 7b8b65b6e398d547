from dataclasses import dataclass


@dataclass
class Config:
    n_samples: int = 400
    n_features: int = 16
    n_classes: int = 3
    hidden: int = 32
    batch_size: int = 32
    lr: float = 3e-3
    weight_decay: float = 1e-4
    epochs: int = 3
    ckpt_path: str = "runs/best_model.pt"
    seed: int = 13
