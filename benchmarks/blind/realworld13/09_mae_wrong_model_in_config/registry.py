_model_entrypoints = {}


def register_model(fn):
    _model_entrypoints[fn.__name__] = fn
    return fn


def create_model(model_name, **kwargs):
    if model_name not in _model_entrypoints:
        raise RuntimeError('Unknown model (%s)' % model_name)
    return _model_entrypoints[model_name](**kwargs)
