from dataclasses import dataclass, field


@dataclass
class Config:
    n_samples: int = 600
    n_features: int = 16
    class_priors: list = field(default_factory=lambda: [0.7, 0.2, 0.1])
    hidden: int = 48
    batch_size: int = 64
    epochs: int = 4
    lr: float = 2e-3
    focal_gamma: float = 2.0
    focal_alpha: float = 0.25
    ckpt_path: str = "focal_mlp.pt"
