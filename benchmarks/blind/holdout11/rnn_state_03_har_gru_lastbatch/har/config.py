import argparse
from dataclasses import dataclass, fields


@dataclass
class HARConfig:
    activities: tuple = ("walking", "upstairs", "downstairs", "sitting", "standing", "lying")
    window: int = 48              # samples per window (50 Hz)
    channels: int = 6             # 3-axis accelerometer + 3-axis gyroscope
    n_subjects: int = 12
    windows_per_subject: int = 30
    val_subjects: int = 3
    hidden_size: int = 64
    num_layers: int = 2
    dropout: float = 0.2
    batch_size: int = 64
    epochs: int = 2
    lr: float = 1e-3
    seed: int = 17
    save_dir: str = "runs"

    @classmethod
    def from_cli(cls):
        parser = argparse.ArgumentParser(description="GRU activity recogniser")
        for f in fields(cls):
            if f.type in (int, float, str):
                parser.add_argument(f"--{f.name.replace('_', '-')}", type=f.type, default=f.default)
        return cls(**vars(parser.parse_args()))
