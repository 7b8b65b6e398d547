from types import SimpleNamespace

DEFAULT = """
seed: 17
data:
  num_classes: 4
  image_size: 16
  train_per_class: [120, 60, 30, 15]
  val_per_class: 20
model:
  width: 16
optim:
  lr: 0.003
  weight_decay: 0.0005
train:
  epochs: 4
  batch_size: 32
  amp: true
  label_smoothing: 0.05
"""


def _parse_scalar(v):
    v = v.strip()
    if v in ("true", "false"):
        return v == "true"
    if v.startswith("["):
        return [_parse_scalar(x) for x in v.strip("[]").split(",")]
    for cast in (int, float):
        try:
            return cast(v)
        except ValueError:
            pass
    return v


def _parse(text):
    root, stack = {}, [(-1, {})]
    stack[0] = (-1, root)
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        indent = len(line) - len(line.lstrip())
        key, _, val = line.strip().partition(":")
        while stack[-1][0] >= indent:
            stack.pop()
        parent = stack[-1][1]
        if val.strip():
            parent[key] = _parse_scalar(val)
        else:
            parent[key] = {}
            stack.append((indent, parent[key]))
    return root


def _ns(d):
    return SimpleNamespace(**{k: _ns(v) if isinstance(v, dict) else v for k, v in d.items()})


def load_config(overrides=()):
    cfg = _parse(DEFAULT)
    for item in overrides:
        path, _, val = item.partition("=")
        *parents, leaf = path.split(".")
        node = cfg
        for p in parents:
            node = node[p]
        node[leaf] = _parse_scalar(val)
    return _ns(cfg)
