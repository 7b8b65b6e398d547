from dataclasses import dataclass, fields

import yaml


@dataclass
class TrainConfig:
    epochs: int = 1
    batch_size: int = 16
    lr: float = 2e-3
    n_samples: int = 384
    channels: int = 16
    aux_every: int = 4
    aux_weight: float = 0.3

    @classmethod
    def from_yaml(cls, path):
        with open(path) as f:
            raw = yaml.safe_load(f) or {}
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in raw.items() if k in names})
