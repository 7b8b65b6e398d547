from .gru import GRUForecaster

MODELS = {"gru": GRUForecaster}


def build_model(name, **kwargs):
    return MODELS[name](**kwargs)
