from dataclasses import dataclass


@dataclass
class ECGConfig:
    leads: int = 2
    signal_len: int = 250      # 2 s at 125 Hz
    n_classes: int = 4         # normal, AF, PVC, noise
    channels: int = 16
    n_blocks: int = 3
    n_records: int = 256
    batch_size: int = 32
    epochs: int = 2
    lr: float = 1e-3
    checkpoint: str = "ecgnet.pt"
