from dataclasses import dataclass


@dataclass
class TrainConfig:
    num_signals: int = 512
    signal_length: int = 4096
    noise_std: float = 0.4
    channels: int = 32
    epochs: int = 2
    batch_size: int = 128
    grad_accum_steps: int = 4
    lr: float = 2e-3
    seed: int = 7
