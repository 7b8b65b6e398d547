from dataclasses import dataclass, field


@dataclass
class DataCfg:
    n_series: int = 256
    context: int = 48
    horizon: int = 8
    batch_size: int = 32


@dataclass
class Cfg:
    data: DataCfg = field(default_factory=DataCfg)
    channels: int = 32
    lr: float = 2e-3
    epochs: int = 2
    log_every: int = 2
