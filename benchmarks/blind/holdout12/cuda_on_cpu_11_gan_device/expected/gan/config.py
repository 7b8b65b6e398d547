from dataclasses import dataclass, field

import torch


@dataclass
class GANConfig:
    latent_dim: int = 16
    hidden: int = 64
    data_dim: int = 2
    n_modes: int = 8
    n_samples: int = 2048
    batch_size: int = 64
    epochs: int = 2
    lr_g: float = 2e-4
    lr_d: float = 2e-4
    betas: tuple = (0.5, 0.999)
    device: torch.device = field(default_factory=lambda: torch.device("cuda" if torch.cuda.is_available() else "cpu"))
    out_dir: str = "samples"
    seed: int = 123
