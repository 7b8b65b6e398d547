from dataclasses import dataclass


@dataclass
class TrainConfig:
    d_in: int = 64
    expansion_factor: int = 4
    k: int = 8
    batch_size: int = 128
    lr: float = 1e-3
    steps: int = 40
    save_every: int = 10
    run_name: str = "sae-toy"
    save_dir: str = "checkpoints"
