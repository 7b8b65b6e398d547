from dataclasses import dataclass, field


@dataclass
class TrainConfig:
    vocab_size: int = 200
    seq_len: int = 16
    embed_dim: int = 16
    hidden_dim: int = 24
    num_labels: int = 5
    batch_size: int = 32
    lr: float = 2e-3
    epochs: int = 3
    grad_clip: float = 1.0
    out_dir: str = "outputs"
    tags: list = field(default_factory=lambda: ["gru", "synthetic"])
