from dataclasses import dataclass


@dataclass
class HParams:
    sample_rate: int = 16000
    n_keywords: int = 6
    n_clips: int = 384
    channels: int = 32
    batch_size: int = 192
    accumulate_grad_batches: int = 2   # effective batch 384
    max_epochs: int = 1
    lr: float = 3e-3
    lr_step: int = 1
    lr_gamma: float = 0.7
    seed: int = 0
