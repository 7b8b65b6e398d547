import copy
from types import SimpleNamespace

import yaml


def _to_ns(obj):
    if isinstance(obj, dict):
        return SimpleNamespace(**{k: _to_ns(v) for k, v in obj.items()})
    if isinstance(obj, list):
        return [_to_ns(v) for v in obj]
    return obj


def _set_by_path(d, dotted, value):
    keys = dotted.split(".")
    for k in keys[:-1]:
        d = d.setdefault(k, {})
    d[keys[-1]] = yaml.safe_load(value)


def load_config(path, overrides=()):
    with open(path) as f:
        raw = yaml.safe_load(f)
    raw = copy.deepcopy(raw)
    for ov in overrides:
        key, _, value = ov.partition("=")
        _set_by_path(raw, key, value)
    return _to_ns(raw), raw
