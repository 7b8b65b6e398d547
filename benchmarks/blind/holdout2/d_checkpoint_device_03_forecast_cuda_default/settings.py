from dataclasses import dataclass, field


@dataclass(frozen=True)
class DataSettings:
    n_series: int = 8
    series_len: int = 600
    window: int = 64
    horizon: int = 12
    windows_per_epoch: int = 384


@dataclass(frozen=True)
class Settings:
    data: DataSettings = field(default_factory=DataSettings)
    channels: int = 32
    levels: int = 3
    batch_size: int = 32
    lr: float = 1e-3
    epochs: int = 3
    device: str = "cuda"
    amp: bool = False
    save_to: str = "tcn_forecaster.pt"
