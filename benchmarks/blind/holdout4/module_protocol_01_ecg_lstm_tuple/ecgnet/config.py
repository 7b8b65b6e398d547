import argparse
from dataclasses import dataclass, fields


@dataclass
class RunConfig:
    n_records: int = 320
    length: int = 160
    n_leads: int = 2
    hidden: int = 48
    layers: int = 1
    n_classes: int = 4
    batch_size: int = 32
    epochs: int = 2
    lr: float = 1e-3
    seed: int = 1
    out_dir: str = "runs/ecg"

    @classmethod
    def from_cli(cls, argv=None):
        p = argparse.ArgumentParser()
        for f in fields(cls):
            p.add_argument("--" + f.name.replace("_", "-"), type=type(f.default), default=f.default)
        return cls(**vars(p.parse_args(argv)))
