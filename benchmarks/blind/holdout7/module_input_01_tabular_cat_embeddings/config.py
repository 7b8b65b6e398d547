from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent


@dataclass
class Config:
    data_dir: Path = ROOT / "input"
    out_dir: Path = ROOT / "output"
    n_rows: int = 1200
    n_folds: int = 3
    epochs: int = 2
    batch_size: int = 64
    lr: float = 2e-3
    weight_decay: float = 1e-5
    hidden: list = field(default_factory=lambda: [128, 64])
    dropout: float = 0.2
    seed: int = 42
    cat_cols: tuple = ("region", "device", "plan", "channel")
    num_cols: tuple = ("age", "tenure", "monthly_spend", "n_tickets", "last_login_days")
    target: str = "churn"
