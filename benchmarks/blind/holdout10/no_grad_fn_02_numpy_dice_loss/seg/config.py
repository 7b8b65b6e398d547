from dataclasses import dataclass, asdict
import json


@dataclass
class SegConfig:
    image_size: int = 32
    n_train: int = 256
    n_val: int = 64
    base_channels: int = 8
    batch_size: int = 16
    epochs: int = 2
    lr: float = 2e-3
    loss: str = "dice"
    threshold: float = 0.5
    seed: int = 2024
    out_dir: str = "outputs"

    @classmethod
    def from_json(cls, path):
        with open(path) as f:
            return cls(**json.load(f))

    def to_json(self, path):
        with open(path, "w") as f:
            json.dump(asdict(self), f, indent=2)
