from .recurrent import GRUMLPForecaster
from .linear import DLinear

ARCHS = {"gru_mlp": GRUMLPForecaster, "dlinear": DLinear}


def create_model(cfg, in_features):
    m = cfg["model"]
    kwargs = dict(in_features=in_features, lookback=cfg["data"]["lookback"], horizon=cfg["data"]["horizon"],
                  n_quantiles=len(m["quantiles"]))
    if m["arch"] == "gru_mlp":
        kwargs.update(hidden=m["hidden"], layers=m["layers"], dropout=m["dropout"])
    return ARCHS[m["arch"]](**kwargs)
