from dataclasses import dataclass


@dataclass
class TrainConfig:
    n_num: int = 40
    cat_cardinalities: tuple = (12, 7, 31, 4, 9, 24, 3, 52)
    d_token: int = 64
    n_heads: int = 8
    n_layers: int = 2
    ffn_factor: float = 2.0
    attn_dropout: float = 0.2
    n_rows: int = 8192
    n_valid: int = 1024
    epochs: int = 2
    batch_size: int = 2048
    grad_accum_steps: int = 2
    lr: float = 1e-3
    weight_decay: float = 1e-5
    seed: int = 42
