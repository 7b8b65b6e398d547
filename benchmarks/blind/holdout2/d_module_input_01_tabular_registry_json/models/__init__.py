from .mlp import TabularMLP
from .linear import LogisticBaseline

MODELS = {
    "mlp": TabularMLP,
    "logreg": LogisticBaseline,
}


def build_model(cfg):
    cfg = dict(cfg)
    name = cfg.pop("name")
    return MODELS[name](**cfg)
