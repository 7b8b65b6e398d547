from dataclasses import dataclass, field


@dataclass
class AmpConfig:
    enabled: bool = True
    dtype: str = "bfloat16"          # "bfloat16" or "float16"


@dataclass
class ExperimentConfig:
    epochs: int = 2
    batch_size: int = 64
    lr: float = 1e-3
    weight_decay: float = 1e-4
    grad_clip: float = 1.0
    n_train: int = 1536
    n_val: int = 384
    seq_len: int = 256
    seed: int = 0
    amp: AmpConfig = field(default_factory=AmpConfig)
