import importlib

_ARCHS = {}


def register_arch(name):
    def wrap(fn):
        if name in _ARCHS:
            raise ValueError(f"arch {name} already registered")
        _ARCHS[name] = fn
        return fn
    return wrap


def build(name, **kwargs):
    return _ARCHS[name](**kwargs)


def available():
    return sorted(_ARCHS)


for _mod in ("gru_attn",):
    importlib.import_module(f"{__name__}.{_mod}")
