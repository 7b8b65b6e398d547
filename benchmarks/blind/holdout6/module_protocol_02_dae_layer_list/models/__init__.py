from .dae import DenoisingAE

_REGISTRY = {"dae": DenoisingAE}


def get_model(name, **kw):
    return _REGISTRY[name](**kw)


def list_models():
    return list(_REGISTRY)
