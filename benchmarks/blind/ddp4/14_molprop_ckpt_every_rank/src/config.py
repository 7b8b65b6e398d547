from dataclasses import dataclass, field


@dataclass
class CFG:
    n_bits: int = 256
    n_mols: int = 2048
    hidden: list = field(default_factory=lambda: [256, 64])
    dropout: float = 0.1
    batch_size: int = 64
    lr: float = 1e-3
    epochs: int = 2
    seed: int = 42
    ckpt_dir: str = "ckpt"
    master_port: str = "29559"
