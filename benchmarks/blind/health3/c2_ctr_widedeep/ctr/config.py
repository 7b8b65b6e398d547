from dataclasses import dataclass, fields


@dataclass
class TrainConfig:
    epochs: int = 5
    batch_size: int = 128
    lr: float = 1e-2
    weight_decay: float = 0.0
    embed_dim: int = 8
    hidden: int = 64
    n_users: int = 200
    n_items: int = 300
    n_train: int = 2048
    n_val: int = 512
    seed: int = 11

    @classmethod
    def from_argv(cls, argv):
        cfg = cls()
        types = {f.name: f.type for f in fields(cls)}
        it = iter(argv)
        for tok in it:
            key = tok.lstrip("-").replace("-", "_")
            if key not in types:
                raise ValueError(f"unknown option {tok}")
            caster = {"int": int, "float": float}.get(str(types[key]), type(getattr(cfg, key)))
            setattr(cfg, key, caster(next(it)))
        return cfg
