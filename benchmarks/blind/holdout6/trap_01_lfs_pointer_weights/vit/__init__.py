from .model import VisionTransformer

_MODELS = {}


def register_model(fn):
    _MODELS[fn.__name__] = fn
    return fn


@register_model
def vit_tiny_patch4(**kw):
    return VisionTransformer(**kw)


def create_model(name, **kw):
    return _MODELS[name](**kw)
